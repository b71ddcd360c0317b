// The rows of the REST façade (CONTRACT §2), the way each domain declares them beside its router
// (its rest.ts): a row reads its input from the request, calls the same procedure the browser calls
// over tRPC and shapes its answer. Nothing else happens in one. Each row also says what the API
// reference (server/openapi/) shows of it. A row is typed against its own domain's router, never
// the root one, so that a domain's rows know nothing above it (decision 039); composition
// (rest/routes.ts) registers the domains' sections in the reference's order.
import type { FastifyInstance, FastifyReply, preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Context, ContextFactory } from '../trpc/context';
import type { Answer } from './answers';
import { sendProcedureError, type ErrorBodyStyle } from './error-bodies';
import type { OperationDoc } from './operation';

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
  /** A status that depends on the result (201 for a new attempt, 200 for the open one); `status` is the one the reference shows. */
  statusOf?(result: Result): number;
  /** A DELETE whose input is a JSON body (DELETE /api/account asks for the password), not the query. */
  deleteWithBody?: true;
  /** The key of a refusal's text: `message` unless said (CONTRACT §2 "Errors"); `success: false` joins it where `answer` has `success`. */
  errorKey?: ErrorBodyStyle['errorKey'];
  answer: Answer<Result>;
}

interface InputRow<Caller, Url extends string, Input extends z.ZodObject, Result> extends RowBase<Url, Result> {
  /** The procedure's own input schema: the url's parameters, then the query (GET, DELETE) or the JSON body. */
  input: Input;
  /** The procedure, as a function of the client's data (most rows name it; the lists by category add the url's category). */
  procedure(caller: Caller): (input: z.input<Input>) => Promise<NoInfer<Result>>;
}

interface NoInputRow<Caller, Url extends string, Result> extends RowBase<Url, Result> {
  procedure(caller: Caller): () => Promise<NoInfer<Result>>;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A procedure as a row names it, whatever it takes. */
type AnyProcedure<Caller> = (caller: Caller) => (input: never) => unknown;

/**
 * What the compiler holds a row with input to, beyond what its fields' types say: `input` takes
 * exactly what the procedure takes (no field more or less, so the reference documents the real
 * input), and each of the url's parameters is a field of it that takes a string. A row that
 * fails is not a RestRow, and its section refuses it.
 */
type Checked<Url extends string, Input extends z.ZodObject, Procedure extends AnyProcedure<never>> =
  Same<Parameters<ReturnType<Procedure>>[0], z.input<Input>> extends false
    ? { mistake: '`input` is not the schema of what the procedure takes' }
    : [UrlParams<Url>] extends [keyof z.input<Input>]
      ? Record<UrlParams<Url>, string> extends Pick<z.input<Input>, UrlParams<Url>>
        ? RestRow
        : { mistake: 'the url has a parameter whose field in `input` does not take a string' }
      : { mistake: 'the url has a parameter that is not a field of `input`' };

/** A row, its types checked, ready to be registered under its section of the reference. */
export type RestRow = (app: FastifyInstance, tag: string, createContext: ContextFactory) => void;

/** A section of the API reference (its tag) and its rows, in the order the reference lists them. */
export interface RestSection {
  tag: string;
  rows: RestRow[];
}

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
    return reply.code(route.statusOf?.(result) ?? route.status ?? 200).send(route.answer.body(result));
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
 * The row makers of one domain's router, given its caller factory (`createCallerFactory(authRouter)`):
 * each row's procedure is named on that router's caller (`(c) => c.register`,
 * `(c) => c.twoFactor.setup`) and called through it, with the context composition hands the
 * registration.
 */
export function restRowsOf<Caller>(createCaller: (ctx: Context) => Caller) {
  /**
   * A row whose procedure takes an input. The client's data is declared to Fastify as that input's
   * type, with no check here: the procedure's zod schema checks it, after the access middleware
   * (so that a 401 still comes before a 400). The signature checks the row; the implementation
   * needs only what every row has.
   */
  function row<Url extends string, Input extends z.ZodObject, Procedure extends AnyProcedure<Caller>, Result>(
    route: InputRow<Caller, Url, Input, Result> & { procedure: Procedure },
  ): Checked<Url, Input, Procedure>;
  function row(route: InputRow<Caller, string, z.ZodObject, unknown>): RestRow {
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

  function noInputRow<Url extends string, Result>(route: NoInputRow<Caller, Url, Result>): RestRow {
    return (app, tag, createContext) => {
      const { style, options } = routeOptions(route, tag);
      app.route({
        ...options,
        handler: async (request, reply) => respond(reply, route, style, () => route.procedure(createCaller(createContext({ req: request })))()),
      });
    };
  }

  return { row, noInputRow };
}
