// One translation from a procedure's error to what a client may read, shared by both transports.
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { MESSAGES } from '../../shared/messages';
import { RetryLater } from '../limits/retry-later';

const ZOD_DEFAULT_MESSAGE = /^(Invalid (input|option|string|type)|Too (small|big)|Unrecognized key)/;

/** The message a client may see: the first validation problem, the error's own text, or nothing internal. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) {
    const issue = error.cause.issues[0];
    if (!issue) return 'Invalid input';
    const field = issue.path.join('.');
    // Our schemas' messages are written for people and name their field; zod's own defaults
    // ("Invalid input: expected string, received number", "Too small: ...") get the field's path.
    return field && ZOD_DEFAULT_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return MESSAGES.internalError;
  return error.message;
}

export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

export function retryAfterOf(error: TRPCError): number | undefined {
  return error.cause instanceof RetryLater ? error.cause.retryAfterSeconds : undefined;
}
