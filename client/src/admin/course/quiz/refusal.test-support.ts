// What the quiz components' tests share: a refusal as the tRPC client hands it over.
import { TRPCClientError } from '@trpc/client';

/** The server's message with its HTTP status, as a refused call rejects. */
export const refusal = (message: string, httpStatus = 400) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } } as ConstructorParameters<typeof TRPCClientError>[1]);
