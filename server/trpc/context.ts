// What every procedure is handed: the app's services, the client's address, and the session user,
// looked up lazily so that public calls never touch the token or the database for it. The shape
// lives here, beside init.ts, because the procedure builders are typed by it; the function that
// builds one per request (request-context.ts) is composition, since it reads users' data.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MembershipTier, UserStatus, Role } from '../../shared/constants';
import type { AppDeps } from '../app-deps';
import type { AddressLimit } from '../limits/address-limits';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** Read with the rest in the one query of every call, so that the course's access rule needs no second read. */
  membershipTier: MembershipTier;
  /** Milliseconds: when the tier last became paid; null while free. */
  paidSince: number | null;
}

/** The token a session came with, for signing it out. */
export interface SessionToken {
  tokenId: string;
  /** When it was issued: what a course file URL handed to this session carries (course/files/file-urls.ts). */
  issuedAtMs: number;
  expiresAtMs: number;
}

/** Why there is no usable session: no token at all, or one that no longer stands for a user. */
export type Session = { user: SessionUser; token: SessionToken } | { failure: 'missing' | 'invalid' };

export interface Context {
  deps: AppDeps;
  log: FastifyBaseLogger;
  ip: string;
  session(): Promise<Session>;
  /** Counts this call against a per-address limit; past it, throws a 429. */
  limit(name: AddressLimit): Promise<void>;
}

/** How a route of its own (the upload, the export) gets the context procedures and their guards take. */
export type ContextFactory = (opts: { req: FastifyRequest }) => Context;
