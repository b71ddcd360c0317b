// How the browser reaches the tRPC procedures: batched over /trpc, with the stored token as a bearer
// credential. The React client of the signed-in screens (trpc.ts) and the plain one of the visitor
// pages (visitor-client.ts) both send through it.
import { httpBatchLink } from '@trpc/client';
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

export function trpcLink() {
  return httpBatchLink<AppRouter>({
    url: '/trpc',
    maxItems: maxBatchItems(),
    headers() {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}
