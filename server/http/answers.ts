// The three ways a REST route's success body is made from its procedure's result (CONTRACT §2),
// each with the schema of the body it makes: the façade shapes its answers, and the OpenAPI
// document describes them, from the same object.
import { z } from 'zod';

export interface Answer<Result> {
  /** The schema of the whole body. */
  schema: z.ZodType;
  body(result: Result): unknown;
  /** Whether the body has `success: true`, so that the route's refusals carry `success: false` (CONTRACT §2 "Errors"). */
  successFlag: boolean;
}

/** The result is the body: `{token}`, `{data, totalPages, currentPage}`. */
export const asIs = <S extends z.ZodType>(schema: S): Answer<z.output<S>> => ({ schema, body: (result) => result, successFlag: false });

/** `{success: true, data}` around the result. */
export const inData = <S extends z.ZodType>(schema: S): Answer<z.output<S>> => ({
  schema: z.object({ success: z.literal(true), data: schema }),
  body: (data) => ({ success: true, data }),
  successFlag: true,
});

/** `success: true` beside the result's own fields: `{success, files}`. */
export const besideSuccess = <S extends z.ZodObject>(schema: S): Answer<z.output<S>> => ({
  schema: z.object({ success: z.literal(true), ...schema.shape }),
  body: (result) => ({ success: true, ...result }),
  successFlag: true,
});
