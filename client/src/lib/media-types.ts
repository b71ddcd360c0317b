// The shapes the admin screens get from the media procedures, taken from the server's router types
// (never its code).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './trpc';

type MediaOutputs = inferRouterOutputs<AppRouter>['media'];

export type LibraryFile = MediaOutputs['files']['files'][number];
export type LastScan = NonNullable<MediaOutputs['lastScan']>;
