// The REST façade (CONTRACT §2): one table, each row reading its input from the request and calling
// the same procedure the browser calls over tRPC. Nothing else happens here.
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../trpc/context';
import { httpStatusOf, publicMessage, retryAfterOf } from '../trpc/errors';
import { createCaller } from '../trpc/router';
import { DEFAULT_ERROR_STYLE, sendError, SUCCESS_ERROR_STYLE, type ErrorBodyStyle } from './errors';

type Caller = ReturnType<typeof createCaller>;

interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  status?: number;
  style?: ErrorBodyStyle;
  call(caller: Caller, request: FastifyRequest): Promise<unknown>;
}

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const params = (request: FastifyRequest) => request.params as Record<string, string>;
const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
// The façade hands the client's data over unchecked: each procedure's zod schema is the check.
const untrusted = (value: unknown) => value as never;

const MSG: ErrorBodyStyle = { errorKey: 'msg', successFlag: false };

// Procedures answer their data; the façade adds CONTRACT's `success: true` where a route has it,
// either around the data (`{success, data}`) or beside an object's own fields (`{success, files}`).
const withSuccess = (data: unknown) => ({ success: true, data });
const successAnd = async (result: Promise<object>) => ({ success: true, ...(await result) });

const routes: RestRoute[] = [
  { method: 'POST', url: '/api/auth/register', status: 201, style: MSG, call: (c, r) => c.auth.register(untrusted(body(r))) },
  { method: 'POST', url: '/api/auth/login', style: MSG, call: (c, r) => c.auth.login(untrusted(body(r))) },
  { method: 'POST', url: '/api/auth/login/2fa', style: MSG, call: (c, r) => c.auth.loginTwoFactor(untrusted(body(r))) },
  { method: 'POST', url: '/api/auth/forgot-password', call: (c, r) => c.auth.forgotPassword(untrusted(body(r))) },
  {
    method: 'PUT',
    url: '/api/auth/reset-password/:token',
    call: (c, r) => c.auth.resetPassword(untrusted({ ...body(r), token: params(r).token })),
  },
  { method: 'POST', url: '/api/auth/logout', call: (c) => c.auth.logout() },
  { method: 'POST', url: '/api/auth/logout-all', call: (c) => c.auth.logoutAll() },
  { method: 'POST', url: '/api/auth/2fa/setup', call: (c) => c.auth.twoFactor.setup() },
  { method: 'POST', url: '/api/auth/2fa/enable', call: (c, r) => c.auth.twoFactor.enable(untrusted(body(r))) },
  { method: 'POST', url: '/api/auth/2fa/disable', call: (c, r) => c.auth.twoFactor.disable(untrusted(body(r))) },

  { method: 'GET', url: '/api/admin/stats', style: SUCCESS_ERROR_STYLE, call: async (c) => withSuccess(await c.users.stats()) },
  { method: 'GET', url: '/api/admin/users', call: (c, r) => c.users.list(untrusted(query(r))) },
  { method: 'POST', url: '/api/admin/users', status: 201, style: SUCCESS_ERROR_STYLE, call: async (c, r) => withSuccess(await c.users.create(untrusted(body(r)))) },
  {
    method: 'PUT',
    url: '/api/admin/users/:id',
    style: SUCCESS_ERROR_STYLE,
    call: async (c, r) => withSuccess(await c.users.update(untrusted({ ...body(r), id: params(r).id }))),
  },
  {
    method: 'DELETE',
    url: '/api/admin/users/:id',
    style: SUCCESS_ERROR_STYLE,
    call: (c, r) => successAnd(c.users.delete(untrusted({ id: params(r).id }))),
  },
  {
    method: 'DELETE',
    url: '/api/admin/users/:id/2fa',
    style: SUCCESS_ERROR_STYLE,
    call: (c, r) => successAnd(c.users.clearTwoFactor(untrusted({ id: params(r).id }))),
  },

  { method: 'GET', url: '/api/admin/audit', call: (c, r) => c.audit.list(untrusted(query(r))) },

  { method: 'GET', url: '/api/media/files', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.media.files(untrusted(query(r)))) },
  { method: 'GET', url: '/api/media/files/images', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.media.files(untrusted({ ...query(r), category: 'image' }))) },
  { method: 'GET', url: '/api/media/files/videos', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.media.files(untrusted({ ...query(r), category: 'video' }))) },
  { method: 'POST', url: '/api/media/scan-files', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.media.scan(untrusted(body(r)))) },
  { method: 'POST', url: '/api/media/delete', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.media.delete(untrusted(body(r)))) },

  // GET /api/slider/public is a route of its own (server/slider/public-route.ts): it answers from memory with an ETag.
  { method: 'GET', url: '/api/slider/config', style: SUCCESS_ERROR_STYLE, call: async (c) => withSuccess(await c.slider.config()) },
  { method: 'PUT', url: '/api/slider/config', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.slider.saveConfig(untrusted(body(r)))) },

  { method: 'GET', url: '/api/playlists', style: SUCCESS_ERROR_STYLE, call: async (c) => withSuccess(await c.playlists.list()) },
  { method: 'POST', url: '/api/playlists', status: 201, style: SUCCESS_ERROR_STYLE, call: async (c, r) => withSuccess(await c.playlists.create(untrusted(body(r)))) },
  {
    method: 'PUT',
    url: '/api/playlists/:id',
    style: SUCCESS_ERROR_STYLE,
    call: async (c, r) => withSuccess(await c.playlists.update(untrusted({ ...body(r), id: params(r).id }))),
  },
  { method: 'DELETE', url: '/api/playlists/:id', style: SUCCESS_ERROR_STYLE, call: (c, r) => successAnd(c.playlists.delete(untrusted({ id: params(r).id }))) },
];

/** Answers a procedure's refusal as CONTRACT says; anything else goes on to the central handler. */
export function sendProcedureError(reply: FastifyReply, error: unknown, style: ErrorBodyStyle) {
  if (!(error instanceof TRPCError)) throw error;
  const status = httpStatusOf(error);
  if (status >= 500) throw error;
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return sendError(reply, status, publicMessage(error), style);
}

export function registerRestRoutes(app: FastifyInstance, createContext: (opts: { req: FastifyRequest }) => Context) {
  for (const route of routes) {
    const style = route.style ?? DEFAULT_ERROR_STYLE;
    app.route({
      method: route.method,
      url: route.url,
      // Read by the central error handler, so that Fastify's own refusals (bad JSON) keep the route's shape.
      config: { errorStyle: style },
      handler: async (request, reply) => {
        try {
          const result = await route.call(createCaller(createContext({ req: request })), request);
          return reply.code(route.status ?? 200).send(result);
        } catch (error) {
          return sendProcedureError(reply, error, style);
        }
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    errorStyle?: ErrorBodyStyle;
  }
}
