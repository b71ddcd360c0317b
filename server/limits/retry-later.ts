// Attached as a TRPCError's cause when the client should come back later (429): the limits and
// lockouts raise it, and both transports read it (trpc/errors.ts) into Retry-After.
export class RetryLater extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`retry after ${retryAfterSeconds}s`);
  }
}
