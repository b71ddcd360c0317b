// The refusals every procedure about a named user gives alike, whichever domain's router it is in.
import { TRPCError } from '@trpc/server';

export const noSuchUser = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No user with id '${id}'` });
