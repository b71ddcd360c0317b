// The tRPC client of the signed-in screens (dashboard, admin panel): React hooks over react-query,
// typed by the server's router (types only). The visitor pages use the plain client of
// visitor-client.ts, so that their bundle carries no react-query.
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../../server/root-router';
import { trpcLinks } from './trpc-link';

// The one place the client names the server's router; the screens take its types from here.
export type { AppRouter };

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({ links: trpcLinks() });
}
