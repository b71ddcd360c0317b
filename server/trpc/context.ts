// The per-request context: the app's services, the client's address, and the session user,
// looked up lazily so that public calls never touch the token or the database for it.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { UserStatus, Role } from '../../shared/constants';
import type { AppDeps } from '../app-deps';
import type { AddressLimit } from '../limits/address-limits';
import { findSessionUser } from '../users/data';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  status: UserStatus;
}

/** The token a session came with, for signing it out. */
export interface SessionToken {
  tokenId: string;
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

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

async function resolveSession(deps: AppDeps, token: string | undefined): Promise<Session> {
  if (!token) return { failure: 'missing' };
  const claims = await deps.tokens.verify(token);
  if (!claims) return { failure: 'invalid' };
  // Role, status, existence and sign-outs come from the database, never from the token.
  const user = await findSessionUser(deps.db, claims.userId, claims.tokenId);
  if (!user || user.revoked || claims.issuedAtMs < user.sessionsValidFrom) return { failure: 'invalid' };
  return {
    user: { id: user.id, email: user.email, role: user.role, status: user.status },
    token: { tokenId: claims.tokenId, expiresAtMs: claims.expiresAtMs },
  };
}

export function contextFactory(deps: AppDeps) {
  return function createContext({ req }: { req: FastifyRequest }): Context {
    let session: Promise<Session> | undefined;
    return {
      deps,
      log: req.log,
      ip: req.ip,
      session: () => (session ??= resolveSession(deps, bearerToken(req.headers.authorization))),
      limit: (name) => deps.addressLimit(name, req),
    };
  };
}
