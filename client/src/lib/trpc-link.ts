// How the browser reaches the tRPC procedures: batched over /trpc, with the stored token as a bearer
// credential. The React client of the signed-in screens (trpc.ts) and the plain one of the visitor
// pages (visitor-client.ts) both send through it.
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from './trpc';
import { TRPC_MAX_BATCH_DEFAULT } from '@shared/constants';
import { getToken } from './session';

/**
 * How many calls the server takes in one batch (TRPC_MAX_BATCH, written into the page by the
 * server; 0: no limit). The dev server's page has no figure: the default applies.
 */
function maxBatchItems(): number {
  // The build's prerender has no page to read it from, and sends no request.
  if (typeof document === 'undefined') return TRPC_MAX_BATCH_DEFAULT;
  const served = Number.parseInt(document.querySelector<HTMLMetaElement>('meta[name="trpc-max-batch"]')?.content ?? '', 10);
  if (Number.isNaN(served)) return TRPC_MAX_BATCH_DEFAULT;
  return served === 0 ? Infinity : served;
}

/**
 * A call refused with 401 while the browser's token changed under it is sent once more, with the
 * new token. Changing the password or turning two-factor on ends every other session and hands this
 * browser a fresh token: a call that left with the old one (a refetch of who is signed in, say) must
 * not read as "signed out", which would drop the fresh token and, with it, the screen showing the
 * recovery codes. A 401 for the token still current stays a 401.
 */
export const resendWithNewToken: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const sentWith = getToken();
      let call = next(op).subscribe({
        next: (result) => observer.next(result),
        complete: () => observer.complete(),
        error: (error) => {
          const current = getToken();
          if (error.data?.httpStatus === 401 && current !== null && current !== sentWith) call = next(op).subscribe(observer);
          else observer.error(error);
        },
      });
      return () => call.unsubscribe();
    });

export function trpcLinks(): TRPCLink<AppRouter>[] {
  return [resendWithNewToken, batchLink()];
}

function batchLink() {
  return httpBatchLink<AppRouter>({
    url: '/trpc',
    maxItems: maxBatchItems(),
    headers() {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}
