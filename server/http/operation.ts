// What the API reference says about one /api route. Each route gives it in its Fastify config
// (`config.openapi`), beside the route itself; document.ts turns them into the OpenAPI document,
// and the route's errorStyle gives the body of its refusals.
import type { z } from 'zod';

/** Who may call: which procedure builder of server/trpc/init.ts the route's procedure is made with. */
export type Access = 'public' | 'session' | 'member' | 'admin';

/** Refusals a route may give beyond those document.ts adds from its access, input and limits. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 423;

export interface OperationDoc {
  /** The section of the reference: Auth, Users, Media, Slider, Playlists, Reference. */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The procedure's input, read from the query string; fields the url names are path parameters. */
  query?: z.ZodObject;
  /** The procedure's input, read from a JSON body; fields the url names are path parameters. */
  body?: z.ZodObject;
  /** A multipart/form-data body, its fields in the order they must come. */
  form?: z.ZodObject;
  /** The success answer (200 unless said): a JSON body of this schema, content of another type, or no body (its headers say it: tus). */
  success: { status?: number; json: z.ZodType } | { status?: number; content: string; description: string } | { status?: number; description: string };
  /** The route's own refusals, each with what it means there. */
  refusals?: Partial<Record<RefusalStatus, string>>;
  /** A limit of CONTRACT §3 applies: 429 with Retry-After. */
  limited?: boolean;
  /** The answer carries an ETag, and a matching If-None-Match gets an empty 304. */
  etag?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the API reference (every /api route has one). */
    openapi?: OperationDoc;
  }
}
