// The shapes this section gets from the media procedures, taken from the server's router types.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

export type LibraryFile = Outputs['media']['files']['files'][number];
export type LastScan = NonNullable<Outputs['media']['lastScan']>;
