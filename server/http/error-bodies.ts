// How a failed REST call answers (CONTRACT §2 "Errors"): `{msg}` on register and login,
// `{message}` elsewhere, plus `success: false` where the route's success body has `success`.
// Here rather than in rest/, since every route answers so: the façade's rows, the routes of their
// own (upload, export, /media), Fastify's own refusals and the API reference's error schemas.
import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { httpStatusOf, publicMessage, retryAfterOf } from '../trpc/errors';

export interface ErrorBodyStyle {
  /** The key that carries the text. */
  errorKey: 'msg' | 'message';
  /** Whether the route's success body has `success`, so its failures carry `success: false`. */
  successFlag: boolean;
}

export const DEFAULT_ERROR_STYLE: ErrorBodyStyle = { errorKey: 'message', successFlag: false };
export const SUCCESS_ERROR_STYLE: ErrorBodyStyle = { errorKey: 'message', successFlag: true };

export function sendError(reply: FastifyReply, status: number, text: string, style: ErrorBodyStyle = DEFAULT_ERROR_STYLE) {
  const body: Record<string, unknown> = style.successFlag ? { success: false } : {};
  body[style.errorKey] = text;
  return reply.code(status).send(body);
}

/** The schema of the bodies sendError sends in `style` (the OpenAPI document's error answers). */
export function errorBodySchema(style: ErrorBodyStyle): z.ZodObject {
  return z.object({ ...(style.successFlag ? { success: z.literal(false) } : {}), [style.errorKey]: z.string() });
}

/** Answers a procedure's refusal as CONTRACT says; anything else goes on to the central handler. */
export function sendProcedureError(reply: FastifyReply, error: unknown, style: ErrorBodyStyle) {
  if (!(error instanceof TRPCError)) throw error;
  const status = httpStatusOf(error);
  if (status >= 500) throw error;
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return sendError(reply, status, publicMessage(error), style);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's refusals answer (sendError). */
    errorStyle?: ErrorBodyStyle;
  }
}
