// What a failed call tells the person: the server's own words for a refusal (4xx), or the
// screen's fallback when there are none (network failure, 5xx, an answer that is not tRPC's).
import { TRPCClientError } from '@trpc/client';

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status: unknown = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

export function serverMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  if (status === undefined || status >= 500) return fallback;
  const message = (error as Error).message.trim();
  return message || fallback;
}
