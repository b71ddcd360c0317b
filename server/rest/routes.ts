// The REST façade (CONTRACT §2): one table, each row reading its input from the request, calling
// the same procedure the browser calls over tRPC and shaping its answer. Nothing else happens here.
// Each row also says what the API reference (server/openapi/) shows of it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditPageSchema,
  loginAnswer,
  mediaDeleteAnswer,
  mediaFilesAnswer,
  mediaScanAnswer,
  messageAnswer,
  playlistSchema,
  publicUserSchema,
  recoveryCodesAnswer,
  tokenAnswer,
  twoFactorSetupAnswer,
  userPageSchema,
  userStatsSchema,
} from '../../shared/answer-schemas';
import { listAuditInput } from '../../shared/audit-schemas';
import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  forgotPasswordInput,
  loginInput,
  loginTwoFactorInput,
  registerInput,
  resetPasswordInput,
} from '../../shared/auth-schemas';
import { mediaDeleteInput, mediaListInput, mediaScanInput } from '../../shared/media-schemas';
import { MESSAGES } from '../../shared/messages';
import { playlistCreateInput, playlistIdInput, playlistUpdateInput, sliderConfigSchema } from '../../shared/slider-schemas';
import { createUserInput, listUsersInput, updateUserInput, userIdInput } from '../../shared/user-schemas';
import { asIs, besideSuccess, inData, type Answer } from '../http/answers';
import { sendProcedureError, type ErrorBodyStyle } from '../http/error-bodies';
import type { OperationDoc } from '../openapi/operation';
import type { Context } from '../trpc/context';
import { createCaller } from '../trpc/router';

type Caller = ReturnType<typeof createCaller>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type InputSchema = z.ZodObject | undefined;

/**
 * A row: where it answers, what its procedure is given and what it answers, and what the API
 * reference says of it. `call` gets the client's data typed as `input`'s, so the compiler checks
 * that `input` is the procedure's own input schema, and that the procedure's result fits `answer`.
 */
interface RestRoute<Input extends InputSchema = InputSchema, Result = unknown>
  extends Pick<OperationDoc, 'summary' | 'description' | 'access' | 'refusals' | 'limited'> {
  method: Method;
  url: string;
  status?: number;
  /** The key of a refusal's text: `message` unless said (CONTRACT §2 "Errors"); `success: false` joins it where `answer` has `success`. */
  errorKey?: ErrorBodyStyle['errorKey'];
  /** The procedure's input schema: the url's parameters, then the query (GET, DELETE) or the JSON body. */
  input?: Input;
  answer: Answer<Result>;
  call(caller: Caller, input: Input extends z.ZodObject ? z.input<Input> : undefined): Promise<NoInfer<Result>>;
}

/** Checks a row's types, then forgets them, so that rows of every type fit one table. */
const row = <Input extends InputSchema = undefined, Result = unknown>(route: RestRoute<Input, Result>) => route as unknown as RestRoute;

// The library's lists by category: the url says which, so the query has no category.
const categoryListInput = mediaListInput.omit({ category: true });

// The table, by section of the API reference. GET /api/slider/public and POST /api/media/upload
// are routes of their own (server/slider/public-route.ts, server/media/upload-route.ts).
const table: Record<string, RestRoute[]> = {
  Auth: [
    row({
      method: 'POST', url: '/api/auth/register', status: 201, errorKey: 'msg', access: 'public', limited: true,
      summary: 'Create a member account (role user, tier free, active) and sign in',
      input: registerInput, answer: asIs(tokenAnswer), refusals: { 409: MESSAGES.emailInUse },
      call: (c, input) => c.auth.register(input),
    }),
    row({
      method: 'POST', url: '/api/auth/login', errorKey: 'msg', access: 'public', limited: true,
      summary: 'Sign in',
      description: 'Repeated failures for one account are slowed, then locked for a while (429), without locking out forgot-password.',
      input: loginInput, answer: asIs(loginAnswer), refusals: { 401: 'Unknown email, wrong password or suspended account: one answer for all three.' },
      call: (c, input) => c.auth.login(input),
    }),
    row({
      method: 'POST', url: '/api/auth/login/2fa', errorKey: 'msg', access: 'public', limited: true,
      summary: 'Finish a sign-in that asked for a second factor',
      description: 'The code is the 6-digit TOTP of now (±30 s), accepted once, or an unused recovery code. A wrong code counts as a failed sign-in.',
      input: loginTwoFactorInput, answer: asIs(tokenAnswer), refusals: { 401: 'A wrong code, or a challenge that expired or was used.' },
      call: (c, input) => c.auth.loginTwoFactor(input),
    }),
    row({
      method: 'POST', url: '/api/auth/forgot-password', access: 'public', limited: true,
      summary: 'Mail a password reset link',
      description: 'The answer is the same whether or not an account has that email.',
      input: forgotPasswordInput, answer: asIs(messageAnswer),
      call: (c, input) => c.auth.forgotPassword(input),
    }),
    row({
      method: 'PUT', url: '/api/auth/reset-password/:token', access: 'public', limited: true,
      summary: 'Set a new password with the token of a mailed reset link',
      input: resetPasswordInput, answer: asIs(messageAnswer), refusals: { 400: `Or the link is invalid, expired or used: "${MESSAGES.resetTokenInvalid}"` },
      call: (c, input) => c.auth.resetPassword(input),
    }),
    row({
      method: 'POST', url: '/api/auth/logout', access: 'session',
      summary: 'Sign out: this token is refused from now on', answer: asIs(messageAnswer),
      call: (c) => c.auth.logout(),
    }),
    row({
      method: 'POST', url: '/api/auth/logout-all', access: 'session',
      summary: 'Sign out everywhere: every token of the user issued so far is refused', answer: asIs(messageAnswer),
      call: (c) => c.auth.logoutAll(),
    }),
    row({
      method: 'POST', url: '/api/auth/2fa/setup', access: 'member',
      summary: 'Start turning on two-factor sign-in: a new pending secret', answer: asIs(twoFactorSetupAnswer),
      refusals: { 400: 'Two-factor sign-in is already on.' },
      call: (c) => c.auth.twoFactor.setup(),
    }),
    row({
      method: 'POST', url: '/api/auth/2fa/enable', access: 'member',
      summary: "Turn two-factor sign-in on with the pending secret's current code",
      input: enableTwoFactorInput, answer: asIs(recoveryCodesAnswer), refusals: { 400: 'No pending secret, already on, or a wrong code.' },
      call: (c, input) => c.auth.twoFactor.enable(input),
    }),
    row({
      method: 'POST', url: '/api/auth/2fa/disable', access: 'member', limited: true,
      summary: 'Turn two-factor sign-in off with the password and a code',
      input: disableTwoFactorInput, answer: asIs(messageAnswer), refusals: { 400: 'It is not on, or the password or code is wrong.' },
      call: (c, input) => c.auth.twoFactor.disable(input),
    }),
  ],

  Users: [
    row({
      method: 'GET', url: '/api/admin/stats', access: 'admin',
      summary: 'Count all users, paid members and free members', answer: inData(userStatsSchema),
      call: (c) => c.users.stats(),
    }),
    row({
      method: 'GET', url: '/api/admin/users', access: 'admin',
      summary: 'One page (10 users) of the users, searched and sorted',
      input: listUsersInput, answer: asIs(userPageSchema),
      call: (c, input) => c.users.list(input),
    }),
    row({
      method: 'POST', url: '/api/admin/users', status: 201, access: 'admin',
      summary: 'Create a user', input: createUserInput, answer: inData(publicUserSchema), refusals: { 409: MESSAGES.emailInUse },
      call: (c, input) => c.users.create(input),
    }),
    row({
      method: 'PUT', url: '/api/admin/users/:id', access: 'admin',
      summary: 'Change a user; an empty or absent password leaves it unchanged',
      input: updateUserInput, answer: inData(publicUserSchema),
      refusals: { 400: 'Or the change would leave no active admin.', 404: 'No user with that id.', 409: MESSAGES.emailInUse },
      call: (c, input) => c.users.update(input),
    }),
    row({
      method: 'DELETE', url: '/api/admin/users/:id', access: 'admin',
      summary: 'Delete a user', input: userIdInput, answer: besideSuccess(messageAnswer),
      refusals: { 400: 'Or it is your own account, or the last active admin.', 404: 'No user with that id.' },
      call: (c, input) => c.users.delete(input),
    }),
    row({
      method: 'DELETE', url: '/api/admin/users/:id/2fa', access: 'admin',
      summary: "Clear a user's two-factor sign-in; it ends the user's sessions", input: userIdInput, answer: besideSuccess(messageAnswer),
      refusals: { 400: 'It is not on, or it is your own.', 404: 'No user with that id.' },
      call: (c, input) => c.users.clearTwoFactor(input),
    }),
    row({
      method: 'GET', url: '/api/admin/audit', access: 'admin',
      summary: 'One page (20 entries) of the audit trail, newest first, optionally of one action',
      input: listAuditInput, answer: asIs(auditPageSchema),
      call: (c, input) => c.audit.list(input),
    }),
  ],

  Media: [
    row({
      method: 'GET', url: '/api/media/files', access: 'admin',
      summary: 'The files of the library, all categories', input: mediaListInput, answer: besideSuccess(mediaFilesAnswer),
      call: (c, input) => c.media.files(input),
    }),
    row({
      method: 'GET', url: '/api/media/files/images', access: 'admin',
      summary: 'The images of the library', input: categoryListInput, answer: besideSuccess(mediaFilesAnswer),
      call: (c, input) => c.media.files({ ...input, category: 'image' }),
    }),
    row({
      method: 'GET', url: '/api/media/files/videos', access: 'admin',
      summary: 'The videos of the library', input: categoryListInput, answer: besideSuccess(mediaFilesAnswer),
      call: (c, input) => c.media.files({ ...input, category: 'video' }),
    }),
    row({
      method: 'POST', url: '/api/media/scan-files', access: 'admin',
      summary: 'Scan the library: count its files and make the thumbnails', input: mediaScanInput, answer: besideSuccess(mediaScanAnswer),
      call: (c, input) => c.media.scan(input),
    }),
    row({
      method: 'POST', url: '/api/media/delete', access: 'admin',
      summary: 'Delete files of the library; paths outside the base path are counted as not deleted',
      input: mediaDeleteInput, answer: besideSuccess(mediaDeleteAnswer),
      call: (c, input) => c.media.delete(input),
    }),
  ],

  Slider: [
    row({
      method: 'GET', url: '/api/slider/config', access: 'admin',
      summary: "The slideshow's settings", answer: inData(sliderConfigSchema),
      call: (c) => c.slider.config(),
    }),
    row({
      method: 'PUT', url: '/api/slider/config', access: 'admin',
      summary: "Save the slideshow's settings (the whole record)", input: sliderConfigSchema, answer: besideSuccess(messageAnswer),
      call: (c, input) => c.slider.saveConfig(input),
    }),
  ],

  Playlists: [
    row({
      method: 'GET', url: '/api/playlists', access: 'admin',
      summary: 'Every playlist', answer: inData(z.array(playlistSchema)),
      call: (c) => c.playlists.list(),
    }),
    row({
      method: 'POST', url: '/api/playlists', status: 201, access: 'admin',
      summary: 'Create a playlist', input: playlistCreateInput, answer: inData(playlistSchema),
      call: (c, input) => c.playlists.create(input),
    }),
    row({
      method: 'PUT', url: '/api/playlists/:id', access: 'admin',
      summary: 'Change a playlist: its name, and the lists that are given', input: playlistUpdateInput, answer: inData(playlistSchema),
      refusals: { 404: 'No playlist with that id.' },
      call: (c, input) => c.playlists.update(input),
    }),
    row({
      method: 'DELETE', url: '/api/playlists/:id', access: 'admin',
      summary: "Delete a playlist; if it was the active one, the settings' activePlaylist becomes empty",
      input: playlistIdInput, answer: besideSuccess(messageAnswer), refusals: { 404: 'No playlist with that id.' },
      call: (c, input) => c.playlists.delete(input),
    }),
  ],
};

const takesBody = (method: Method) => method === 'POST' || method === 'PUT';

/**
 * What the procedure is given: the query or the body, with the url's parameters. It goes over
 * unchecked: the procedure's zod schema is the check.
 */
function inputOf(request: FastifyRequest, fromBody: boolean): never {
  const source = fromBody ? (request.body ?? {}) : request.query;
  const params = request.params as Record<string, string>;
  return (Object.keys(params).length > 0 ? { ...(source as object), ...params } : source) as never;
}

export function registerRestRoutes(app: FastifyInstance, createContext: (opts: { req: FastifyRequest }) => Context) {
  for (const [tag, routes] of Object.entries(table)) {
    for (const route of routes) {
      const style: ErrorBodyStyle = { errorKey: route.errorKey ?? 'message', successFlag: route.answer.successFlag };
      const fromBody = takesBody(route.method);
      const { summary, description, access, refusals, limited, input } = route;
      app.route({
        method: route.method,
        url: route.url,
        config: {
          // Read by the central error handler, so that Fastify's own refusals (bad JSON) keep the route's shape.
          errorStyle: style,
          openapi: {
            tag, summary, description, access, refusals, limited,
            ...(input && (fromBody ? { body: input } : { query: input })),
            success: { status: route.status, json: route.answer.schema },
          },
        },
        handler: async (request, reply) => {
          try {
            const result = await route.call(createCaller(createContext({ req: request })), route.input && inputOf(request, fromBody));
            return reply.code(route.status ?? 200).send(route.answer.body(result));
          } catch (error) {
            return sendProcedureError(reply, error, style);
          }
        },
      });
    }
  }
}
