// The REST façade (CONTRACT §2): one table, each row reading its input from the request, calling
// the same procedure the browser calls over tRPC and shaping its answer. Nothing else happens here.
// Each row also says what the API reference (server/openapi/) shows of it.
import type { FastifyInstance, FastifyReply, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import {
  accountAnswer,
  adminCourseSchema,
  passwordChangedAnswer,
  profileAnswer,
  auditPageSchema,
  checkoutAnswer,
  certificateLinkSchema,
  certificateSchema,
  courseInsightsSchema,
  courseProgressSchema,
  courseSearchSchema,
  lessonProgressSchema,
  courseOutlineSchema,
  lessonAnswer,
  lessonReadingSchema,
  lessonsAnswer,
  moduleAnswer,
  modulesAnswer,
  loginAnswer,
  mediaDeleteAnswer,
  mediaFilesAnswer,
  mediaScanAnswer,
  messageAnswer,
  playlistSchema,
  publicUserSchema,
  tokenAnswer,
  twoFactorEnabledAnswer,
  twoFactorSetupAnswer,
  userPageSchema,
  userStatsSchema,
} from '../../shared/answer-schemas';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { changeEmailInput, changePasswordInput, deleteAccountInput, linkTokenInput, updateProfileInput } from '../../shared/account-schemas';
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
import {
  certificateIdInput,
  courseSearchInput,
  courseFileIdInput,
  coursePreviewInput,
  progressSaveInput,
  lessonCreateInput,
  lessonIdInput,
  lessonOrderInput,
  lessonUpdateInput,
  moduleCreateInput,
  moduleIdInput,
  moduleOrderInput,
  moduleUpdateInput,
} from '../../shared/course-schemas';
import { BILLING_MESSAGES } from '../../shared/billing';
import { COURSE_MESSAGES } from '../../shared/course';
import { mediaDeleteInput, mediaListInput, mediaScanInput } from '../../shared/media-schemas';
import { MESSAGES } from '../../shared/messages';
import { playlistCreateInput, playlistIdInput, playlistUpdateInput, sliderConfigSchema } from '../../shared/slider-schemas';
import { createUserInput, listUsersInput, updateUserInput, userIdInput } from '../../shared/user-schemas';
import { asIs, besideSuccess, inData, type Answer } from '../http/answers';
import { sendProcedureError, type ErrorBodyStyle } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import { createCaller } from '../root-router';
import type { ContextFactory } from '../trpc/context';

type Caller = ReturnType<typeof createCaller>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The names of a url's parameters: '/api/admin/users/:id/2fa' → 'id'. */
type UrlParams<Url extends string> = Url extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | UrlParams<`/${Rest}`>
  : Url extends `${string}/:${infer Name}`
    ? Name
    : never;

/** What every row says: where it answers, what it answers, and what the API reference says of it. */
interface RowBase<Url extends string, Result> extends Pick<OperationDoc, 'summary' | 'description' | 'access' | 'refusals' | 'limited'> {
  method: Method;
  url: Url;
  status?: number;
  /** A DELETE whose input is a JSON body (DELETE /api/account asks for the password), not the query. */
  deleteWithBody?: true;
  /** The key of a refusal's text: `message` unless said (CONTRACT §2 "Errors"); `success: false` joins it where `answer` has `success`. */
  errorKey?: ErrorBodyStyle['errorKey'];
  answer: Answer<Result>;
}

interface InputRow<Url extends string, Input extends z.ZodObject, Result> extends RowBase<Url, Result> {
  /** The procedure's own input schema: the url's parameters, then the query (GET, DELETE) or the JSON body. */
  input: Input;
  /** The procedure, as a function of the client's data (most rows name it; the lists by category add the url's category). */
  procedure(caller: Caller): (input: z.input<Input>) => Promise<NoInfer<Result>>;
}

interface NoInputRow<Url extends string, Result> extends RowBase<Url, Result> {
  procedure(caller: Caller): () => Promise<NoInfer<Result>>;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A procedure as a row names it, whatever it takes. */
type AnyProcedure = (caller: Caller) => (input: never) => unknown;

/**
 * What the compiler holds a row with input to, beyond what its fields' types say: `input` takes
 * exactly what the procedure takes (no field more or less, so the reference documents the real
 * input), and each of the url's parameters is a field of it that takes a string. A row that
 * fails is not a Row, and the table refuses it.
 */
type Checked<Url extends string, Input extends z.ZodObject, Procedure extends AnyProcedure> =
  Same<Parameters<ReturnType<Procedure>>[0], z.input<Input>> extends false
    ? { mistake: '`input` is not the schema of what the procedure takes' }
    : [UrlParams<Url>] extends [keyof z.input<Input>]
      ? Record<UrlParams<Url>, string> extends Pick<z.input<Input>, UrlParams<Url>>
        ? Row
        : { mistake: 'the url has a parameter whose field in `input` does not take a string' }
      : { mistake: 'the url has a parameter that is not a field of `input`' };

/** A row, its types checked, ready to be registered under its section of the reference. */
type Row = (app: FastifyInstance, tag: string, createContext: ContextFactory) => void;

const takesBody = (route: Pick<RowBase<string, unknown>, 'method' | 'deleteWithBody'>) =>
  route.method === 'POST' || route.method === 'PUT' || (route.method === 'DELETE' && route.deleteWithBody === true);

/** How a row's refusals answer, and the route options every row has: its config says what the reference shows. */
function routeOptions(route: RowBase<string, unknown>, tag: string, input?: z.ZodObject) {
  const style: ErrorBodyStyle = { errorKey: route.errorKey ?? 'message', successFlag: route.answer.successFlag };
  const { method, url, summary, description, access, refusals, limited } = route;
  const options = {
    method,
    url,
    config: {
      // Read by the central error handler, so that Fastify's own refusals (bad JSON) keep the route's shape.
      errorStyle: style,
      openapi: {
        tag,
        summary,
        description,
        access,
        refusals,
        limited,
        ...(input && (takesBody(route) ? { body: input } : { query: input })),
        success: { status: route.status, json: route.answer.schema },
      },
    },
  };
  return { style, options };
}

/** Calls the procedure and shapes its answer, or answers its refusal as CONTRACT says. */
async function respond<Result>(reply: FastifyReply, route: RowBase<string, Result>, style: ErrorBodyStyle, call: () => Promise<Result>) {
  try {
    const result = await call();
    return reply.code(route.status ?? 200).send(route.answer.body(result));
  } catch (error) {
    return sendProcedureError(reply, error, style);
  }
}

/** A request without a body reaches the procedure as `{}`, so that its schema names the missing fields. */
const absentBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  request.body ??= {};
  done();
};

/**
 * A row whose procedure takes an input. The client's data is declared to Fastify as that input's
 * type, with no check here: the procedure's zod schema checks it, after the access middleware
 * (so that a 401 still comes before a 400). The signature checks the row; the implementation
 * needs only what every row has.
 */
function row<Url extends string, Input extends z.ZodObject, Procedure extends AnyProcedure, Result>(
  route: InputRow<Url, Input, Result> & { procedure: Procedure },
): Checked<Url, Input, Procedure>;
function row(route: InputRow<string, z.ZodObject, unknown>): Row {
  const fromBody = takesBody(route);
  return (app, tag, createContext) => {
    const { style, options } = routeOptions(route, tag, route.input);
    app.route<{ Body: z.input<z.ZodObject>; Querystring: z.input<z.ZodObject>; Params: Record<string, string> }>({
      ...options,
      ...(fromBody && { preValidation: absentBodyAsEmpty }),
      handler: async (request, reply) => {
        const data = fromBody ? request.body : request.query;
        const input = Object.keys(request.params).length > 0 ? { ...data, ...request.params } : data;
        return respond(reply, route, style, () => route.procedure(createCaller(createContext({ req: request })))(input));
      },
    });
  };
}

function noInputRow<Url extends string, Result>(route: NoInputRow<Url, Result>): Row {
  return (app, tag, createContext) => {
    const { style, options } = routeOptions(route, tag);
    app.route({
      ...options,
      handler: async (request, reply) => respond(reply, route, style, () => route.procedure(createCaller(createContext({ req: request })))()),
    });
  };
}

// The library's lists by category: the url says which, so the query has no category.
const categoryListInput = mediaListInput.omit({ category: true });

// The table, by section of the API reference. GET /api/slider/public, POST /api/media/upload and
// POST /api/billing/stripe/webhook are routes of their own (server/slider/public-route.ts,
// server/media/upload-route.ts, server/billing/webhook-route.ts).
const table: Record<string, Row[]> = {
  Auth: [
    row({
      method: 'POST',
      url: '/api/auth/register',
      status: 201,
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Create a member account (role user, tier free, active) and sign in',
      input: registerInput,
      answer: asIs(tokenAnswer),
      refusals: { 409: MESSAGES.emailInUse },
      procedure: (c) => c.auth.register,
    }),
    row({
      method: 'POST',
      url: '/api/auth/login',
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Sign in',
      description: 'Repeated failures for one account are slowed, then locked for a while (429), without locking out forgot-password.',
      input: loginInput,
      answer: asIs(loginAnswer),
      refusals: { 401: 'Unknown email, wrong password or suspended account: one answer for all three.' },
      procedure: (c) => c.auth.login,
    }),
    row({
      method: 'POST',
      url: '/api/auth/login/2fa',
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Finish a sign-in that asked for a second factor',
      description:
        'The code is the 6-digit TOTP of now (±30 s), accepted once, or an unused recovery code. A wrong code counts as a failed sign-in. Past TWO_FACTOR_FAILURES_PER_DAY wrong 6-digit codes for the account in 24 hours (10 unless set), 6-digit codes are refused (429) until the 24 hours have passed, while recovery codes still work, and the member is mailed once.',
      input: loginTwoFactorInput,
      answer: asIs(tokenAnswer),
      refusals: { 401: 'A wrong code, or a challenge that expired or was used.' },
      procedure: (c) => c.auth.loginTwoFactor,
    }),
    row({
      method: 'POST',
      url: '/api/auth/forgot-password',
      access: 'public',
      limited: true,
      summary: 'Mail a password reset link',
      description: 'The answer is the same whether or not an account has that email.',
      input: forgotPasswordInput,
      answer: asIs(messageAnswer),
      procedure: (c) => c.auth.forgotPassword,
    }),
    row({
      method: 'PUT',
      url: '/api/auth/reset-password/:token',
      access: 'public',
      limited: true,
      summary: 'Set a new password with the token of a mailed reset link',
      input: resetPasswordInput,
      answer: asIs(messageAnswer),
      refusals: { 400: `Or the link is invalid, expired or used: "${MESSAGES.resetTokenInvalid}"` },
      procedure: (c) => c.auth.resetPassword,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/logout',
      access: 'session',
      summary: 'Sign out: this token is refused from now on',
      answer: asIs(messageAnswer),
      procedure: (c) => c.auth.logout,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/logout-all',
      access: 'session',
      summary: 'Sign out everywhere: every token of the user issued so far is refused',
      answer: asIs(messageAnswer),
      procedure: (c) => c.auth.logoutAll,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      access: 'member',
      summary: 'Start turning on two-factor sign-in: a new pending secret',
      answer: asIs(twoFactorSetupAnswer),
      refusals: { 400: 'Two-factor sign-in is already on.' },
      procedure: (c) => c.auth.twoFactor.setup,
    }),
    row({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      access: 'member',
      limited: true,
      summary: "Turn two-factor sign-in on with the pending secret's current code and the password",
      description:
        "The password is checked like a sign-in's, under the same limits. Every other session of the member ends: the answer's token replaces the caller's, which ends too.",
      input: enableTwoFactorInput,
      answer: asIs(twoFactorEnabledAnswer),
      refusals: { 400: 'No pending secret, already on, or a wrong code.', 401: `Or the password is wrong: "${MESSAGES.wrongPassword}"` },
      procedure: (c) => c.auth.twoFactor.enable,
    }),
    row({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      access: 'member',
      limited: true,
      summary: 'Turn two-factor sign-in off with the password and a code',
      description: 'The password and the code count toward the sign-in limits, and a wrong 6-digit code toward the daily limit of POST /api/auth/login/2fa.',
      input: disableTwoFactorInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'It is not on, or the password or code is wrong.' },
      procedure: (c) => c.auth.twoFactor.disable,
    }),
  ],

  Account: [
    noInputRow({
      method: 'GET',
      url: '/api/account',
      access: 'member',
      summary: "The caller's own account: profile, whether the address is verified, a new address waiting for confirmation, two-factor sign-in",
      answer: asIs(accountAnswer),
      procedure: (c) => c.account.get,
    }),
    row({
      method: 'PUT',
      url: '/api/account/profile',
      access: 'member',
      summary: 'Change your name',
      input: updateProfileInput,
      answer: asIs(profileAnswer),
      procedure: (c) => c.account.updateProfile,
    }),
    row({
      method: 'POST',
      url: '/api/account/email',
      access: 'member',
      limited: true,
      summary: 'Ask to move the account to a new address: a confirmation link goes there, a notice (no link) to the current one',
      description:
        'The password is checked like a sign-in, under the same limits. At most EMAIL_CHANGES_PER_HOUR requests (3 unless set) an hour per member, per client address and per new address.',
      input: changeEmailInput,
      answer: asIs(messageAnswer),
      refusals: {
        400: `Or it is already your address: "${ACCOUNT_MESSAGES.sameEmail}"`,
        401: `Or the password is wrong: "${MESSAGES.wrongPassword}"`,
        409: MESSAGES.emailInUse,
      },
      procedure: (c) => c.account.requestEmailChange,
    }),
    row({
      method: 'POST',
      url: '/api/account/email/confirm',
      access: 'public',
      summary: 'Confirm a new address with the token of the link mailed to it: the address changes, is verified, and every session of the member ends',
      input: linkTokenInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'Or the link is expired, used or replaced by a newer one.', 409: `The address was taken meanwhile: "${MESSAGES.emailInUse}"` },
      procedure: (c) => c.account.confirmEmailChange,
    }),
    row({
      method: 'PUT',
      url: '/api/account/password',
      access: 'member',
      limited: true,
      summary: "Change your password: every other session ends, and the answer carries the caller's new token",
      description: "The current password is checked like a sign-in, under the same limits. A notice is mailed to the account's address.",
      input: changePasswordInput,
      answer: asIs(passwordChangedAnswer),
      refusals: { 401: `Or the current password is wrong: "${ACCOUNT_MESSAGES.wrongCurrentPassword}"` },
      procedure: (c) => c.account.changePassword,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/account/verification',
      access: 'member',
      limited: true,
      summary: 'Mail a new verification link (valid 7 days) to your address; it replaces the earlier one',
      description: 'At most VERIFICATION_MAILS_PER_HOUR (3 unless set) an hour per member, per client address and per mailbox.',
      answer: asIs(messageAnswer),
      refusals: { 400: `The address is verified already: "${ACCOUNT_MESSAGES.alreadyVerified}"` },
      procedure: (c) => c.account.sendVerification,
    }),
    row({
      method: 'POST',
      url: '/api/auth/verify-email',
      access: 'public',
      summary: 'Verify an address with the token of the link mailed to it',
      input: linkTokenInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'Or the link is expired, used, replaced by a newer one, or for an address the account no longer has.' },
      procedure: (c) => c.account.verifyEmail,
    }),
    row({
      method: 'DELETE',
      url: '/api/account',
      deleteWithBody: true,
      access: 'member',
      limited: true,
      summary: 'Delete your account: the user, their progress, certificate, sessions, pending links and two-factor data',
      description: 'The password is checked like a sign-in, under the same limits. Audit entries keep the id but drop the email.',
      input: deleteAccountInput,
      answer: asIs(messageAnswer),
      refusals: { 401: `Or the password is wrong: "${MESSAGES.wrongPassword}"`, 409: `You are the last active admin: "${ACCOUNT_MESSAGES.lastAdmin}"` },
      procedure: (c) => c.account.delete,
    }),
  ],

  Users: [
    noInputRow({
      method: 'GET',
      url: '/api/admin/stats',
      access: 'admin',
      summary: 'Count all users, paid members and free members',
      answer: inData(userStatsSchema),
      procedure: (c) => c.users.stats,
    }),
    row({
      method: 'GET',
      url: '/api/admin/users',
      access: 'admin',
      summary: 'One page (10 users) of the users, searched and sorted',
      input: listUsersInput,
      answer: asIs(userPageSchema),
      procedure: (c) => c.users.list,
    }),
    row({
      method: 'POST',
      url: '/api/admin/users',
      status: 201,
      access: 'admin',
      summary: 'Create a user',
      input: createUserInput,
      answer: inData(publicUserSchema),
      refusals: { 409: MESSAGES.emailInUse },
      procedure: (c) => c.users.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/users/:id',
      access: 'admin',
      summary: 'Change a user; an empty or absent password leaves it unchanged',
      input: updateUserInput,
      answer: inData(publicUserSchema),
      refusals: { 400: 'Or the change would leave no active admin.', 404: 'No user with that id.', 409: MESSAGES.emailInUse },
      procedure: (c) => c.users.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/users/:id',
      access: 'admin',
      summary: 'Delete a user',
      input: userIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 400: 'Or it is your own account, or the last active admin.', 404: 'No user with that id.' },
      procedure: (c) => c.users.delete,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/users/:id/2fa',
      access: 'admin',
      summary: "Clear a user's two-factor sign-in; it ends the user's sessions",
      input: userIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 400: 'It is not on, or it is your own.', 404: 'No user with that id.' },
      procedure: (c) => c.auth.twoFactorAdmin.clear,
    }),
    row({
      method: 'GET',
      url: '/api/admin/audit',
      access: 'admin',
      summary: 'One page (20 entries) of the audit trail, newest first, optionally of one action',
      input: listAuditInput,
      answer: asIs(auditPageSchema),
      procedure: (c) => c.audit.list,
    }),
  ],

  Media: [
    row({
      method: 'GET',
      url: '/api/media/files',
      access: 'admin',
      summary: 'The files of the library, all categories',
      input: mediaListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => c.media.files,
    }),
    row({
      method: 'GET',
      url: '/api/media/files/images',
      access: 'admin',
      summary: 'The images of the library',
      input: categoryListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => (input) => c.media.files({ ...input, category: 'image' }),
    }),
    row({
      method: 'GET',
      url: '/api/media/files/videos',
      access: 'admin',
      summary: 'The videos of the library',
      input: categoryListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => (input) => c.media.files({ ...input, category: 'video' }),
    }),
    row({
      method: 'POST',
      url: '/api/media/scan-files',
      access: 'admin',
      summary: 'Scan the library: count its files and make the thumbnails',
      input: mediaScanInput,
      answer: besideSuccess(mediaScanAnswer),
      procedure: (c) => c.media.scan,
    }),
    row({
      method: 'POST',
      url: '/api/media/delete',
      access: 'admin',
      summary: 'Delete files of the library; paths outside the base path are counted as not deleted',
      input: mediaDeleteInput,
      answer: besideSuccess(mediaDeleteAnswer),
      procedure: (c) => c.media.delete,
    }),
  ],

  Slider: [
    noInputRow({
      method: 'GET',
      url: '/api/slider/config',
      access: 'admin',
      summary: "The slideshow's settings",
      answer: inData(sliderConfigSchema),
      procedure: (c) => c.slider.config,
    }),
    row({
      method: 'PUT',
      url: '/api/slider/config',
      access: 'admin',
      summary: "Save the slideshow's settings (the whole record)",
      input: sliderConfigSchema,
      answer: besideSuccess(messageAnswer),
      procedure: (c) => c.slider.saveConfig,
    }),
  ],

  Playlists: [
    noInputRow({
      method: 'GET',
      url: '/api/playlists',
      access: 'admin',
      summary: 'Every playlist',
      answer: inData(z.array(playlistSchema)),
      procedure: (c) => c.playlists.list,
    }),
    row({
      method: 'POST',
      url: '/api/playlists',
      status: 201,
      access: 'admin',
      summary: 'Create a playlist',
      input: playlistCreateInput,
      answer: inData(playlistSchema),
      procedure: (c) => c.playlists.create,
    }),
    row({
      method: 'PUT',
      url: '/api/playlists/:id',
      access: 'admin',
      summary: 'Change a playlist: its name, and the lists that are given',
      input: playlistUpdateInput,
      answer: inData(playlistSchema),
      refusals: { 404: 'No playlist with that id.' },
      procedure: (c) => c.playlists.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/playlists/:id',
      access: 'admin',
      summary: "Delete a playlist; if it was the active one, the settings' activePlaylist becomes empty",
      input: playlistIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 404: 'No playlist with that id.' },
      procedure: (c) => c.playlists.delete,
    }),
  ],

  Course: [
    noInputRow({
      method: 'GET',
      url: '/api/course',
      access: 'public',
      summary: 'The published modules and lessons, each lesson marked locked or not for the caller',
      description:
        "The bearer token is optional: without one, or with one that stands for no active member, the answer is the visitor's. " +
        "reason is sign-in (a visitor), architect (an Explorer, not a free preview) or opens (an Architect before the module's opening day, opensAt).",
      answer: asIs(courseOutlineSchema),
      procedure: (c) => c.course.outline,
    }),
    row({
      method: 'GET',
      url: '/api/course/lessons/:id',
      access: 'member',
      summary: 'A lesson the caller may open: its body rendered to HTML, and the lessons before and after it that the caller may open',
      description: 'A draft, or a lesson of a draft module, is a 404 for everyone but admins; drip does not apply to admins.',
      input: lessonIdInput,
      answer: asIs(lessonReadingSchema),
      refusals: {
        403: `An Explorer and a lesson that is not a free preview: "${COURSE_MESSAGES.forArchitects}"; an Architect before the module opens: "This module opens on YYYY-MM-DD" (UTC).`,
        404: 'No lesson with that id, or a draft.',
      },
      procedure: (c) => c.course.lesson,
    }),
    row({
      method: 'PUT',
      url: '/api/course/lessons/:id/progress',
      access: 'member',
      summary: "Save the caller's place in a lesson, and mark it complete or undo that",
      description:
        'Same access rule as reading the lesson. playedSeconds never goes down and never exceeds the duration; a video or audio lesson ' +
        'completes by itself when a save takes playedSeconds to 90 % of durationSeconds. completed: true marks it complete, false undoes that. ' +
        'Seconds are kept whole (rounded down).',
      input: progressSaveInput,
      answer: asIs(lessonProgressSchema),
      refusals: {
        403: `As for reading the lesson: "${COURSE_MESSAGES.forArchitects}", or "This module opens on YYYY-MM-DD" (UTC).`,
        404: 'No lesson with that id, or a draft.',
      },
      procedure: (c) => c.course.saveProgress,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/course/progress',
      access: 'member',
      summary: "The caller's progress over the published lessons, each module's counts, and where to resume",
      answer: asIs(courseProgressSchema),
      procedure: (c) => c.course.progress,
    }),
    row({
      method: 'GET',
      url: '/api/course/search',
      access: 'member',
      limited: true,
      summary: 'Search the text and the captions of the lessons the caller may open',
      description:
        'A case-insensitive substring taken literally, in course order, at most 20 results. At most COURSE_SEARCHES_PER_MINUTE (30 unless set) searches a minute per member.',
      input: courseSearchInput,
      answer: asIs(courseSearchSchema),
      procedure: (c) => c.course.search,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/course/certificate',
      access: 'member',
      summary: "The caller's certificate, issued once every published lesson is complete and kept thereafter",
      answer: asIs(certificateLinkSchema),
      refusals: { 404: `Not every published lesson is complete: "${COURSE_MESSAGES.certificateNotEarned}".` },
      procedure: (c) => c.course.certificate,
    }),
    row({
      method: 'GET',
      url: '/api/certificates/:id',
      access: 'public',
      summary: "A certificate's public data, for anyone to check: the member's name at issue, the course, and when it was completed",
      input: certificateIdInput,
      answer: asIs(certificateSchema),
      refusals: { 404: 'No certificate with that id.' },
      procedure: (c) => c.course.publicCertificate,
    }),
  ],

  'Course Manager': [
    noInputRow({
      method: 'GET',
      url: '/api/admin/course',
      access: 'admin',
      summary: 'Every module and lesson, drafts and Markdown bodies included',
      answer: asIs(adminCourseSchema),
      procedure: (c) => c.course.content,
    }),
    row({
      method: 'GET',
      url: '/api/admin/course/preview',
      access: 'admin',
      summary: 'The outline of GET /api/course as a member of a tier sees it, a number of days after becoming an Architect',
      input: coursePreviewInput,
      answer: asIs(courseOutlineSchema),
      procedure: (c) => c.course.preview,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/admin/course/insights',
      access: 'admin',
      summary: 'How far members got: who started and finished the course, each published module and each published lesson',
      description:
        'From running totals kept in step with every progress row (decision 032). members.started: members with at least one progress row; ' +
        'members.completed: members holding a certificate. A module: members with a progress row in at least one of its published lessons, ' +
        'and members who completed every published lesson of it. A lesson: members with a row, with a completion, and averagePlayedPercent, ' +
        'over the members who started it, the mean of min(100, playedSeconds / durationSeconds × 100) to one decimal (null for a lesson ' +
        'without a duration). Published modules and lessons only, in course order.',
      answer: asIs(courseInsightsSchema),
      procedure: (c) => c.course.insights,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/modules',
      status: 201,
      access: 'admin',
      summary: 'Add a module, placed last (a draft unless published is true)',
      input: moduleCreateInput,
      answer: asIs(moduleAnswer),
      procedure: (c) => c.course.modules.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/order',
      access: 'admin',
      summary: 'Put the modules in a new order',
      input: moduleOrderInput,
      answer: asIs(modulesAnswer),
      refusals: { 400: "Or ids is not exactly the modules' ids, each once." },
      procedure: (c) => c.course.modules.order,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/:id',
      access: 'admin',
      summary: 'Change a module: the fields that are given',
      input: moduleUpdateInput,
      answer: asIs(moduleAnswer),
      refusals: { 404: 'No module with that id.' },
      procedure: (c) => c.course.modules.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/modules/:id',
      access: 'admin',
      summary: 'Delete a module that has no lessons',
      input: moduleIdInput,
      answer: asIs(messageAnswer),
      refusals: { 404: 'No module with that id.', 409: `The module still has lessons (drafts too): "${COURSE_MESSAGES.moduleHasLessons}".` },
      procedure: (c) => c.course.modules.delete,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/:id/lessons/order',
      access: 'admin',
      summary: "Put a module's lessons in a new order",
      input: lessonOrderInput,
      answer: asIs(lessonsAnswer),
      refusals: { 400: "Or ids is not exactly the module's lesson ids, each once.", 404: 'No module with that id.' },
      procedure: (c) => c.course.lessons.order,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/lessons',
      status: 201,
      access: 'admin',
      summary: 'Add a lesson, placed last in its module (a draft unless published is true)',
      input: lessonCreateInput,
      answer: asIs(lessonAnswer),
      refusals: { 400: 'Or moduleId names no module.' },
      procedure: (c) => c.course.lessons.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/lessons/:id',
      access: 'admin',
      summary: 'Change a lesson: the fields that are given; a new moduleId moves it to the end of that module',
      input: lessonUpdateInput,
      answer: asIs(lessonAnswer),
      refusals: { 400: 'Or moduleId names no module.', 404: 'No lesson with that id.' },
      procedure: (c) => c.course.lessons.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/lessons/:id',
      access: 'admin',
      summary: 'Delete a lesson and its files',
      input: lessonIdInput,
      answer: asIs(messageAnswer),
      refusals: { 404: 'No lesson with that id.' },
      procedure: (c) => c.course.lessons.delete,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/files/:id',
      access: 'admin',
      summary: "Delete a lesson's file (its media, a captions file or an attachment); the answer is the lesson without it",
      description: "Deleting the media also clears the lesson's durationSeconds. Its signed URLs stop working at once.",
      input: courseFileIdInput,
      answer: asIs(lessonAnswer),
      refusals: { 404: 'No file with that id.' },
      procedure: (c) => c.course.files.delete,
    }),
  ],

  Billing: [
    noInputRow({
      method: 'POST',
      url: '/api/billing/checkout',
      access: 'member',
      summary: "Where to pay to become an Architect: the Payment Link, told the member's id and email",
      description: 'Send the browser to url: Stripe takes the payment, and its webhook (POST /api/billing/stripe/webhook) makes the member an Architect.',
      answer: asIs(checkoutAnswer),
      refusals: { 404: `Payments are not set up: "${BILLING_MESSAGES.notSetUp}".`, 409: `The member is already paid: "${BILLING_MESSAGES.alreadyArchitect}".` },
      procedure: (c) => c.billing.checkout,
    }),
  ],
};

export function registerRestRoutes(app: FastifyInstance, createContext: ContextFactory) {
  for (const [tag, rows] of Object.entries(table)) {
    for (const register of rows) register(app, tag, createContext);
  }
}
