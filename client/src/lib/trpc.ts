// The tRPC client: typed by the server's router (types only), batched over /trpc, with the
// stored token as a bearer credential on every request.
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../../server/trpc/router';
import { TRPC_MAX_BATCH_DEFAULT } from '@shared/constants';
import { getToken } from './session';

// The one place the client names the server's router; the screens take its types from here.
export type { AppRouter };

export const trpc = createTRPCReact<AppRouter>();

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

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: maxBatchItems(),
        headers() {
          const token = getToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}
