// Builds each request's context (trpc/context.ts): the session comes from the bearer token, then
// from the database, so role, status, existence and sign-outs are never taken from the token.
import type { AppDeps } from './app-deps';
import type { Context, ContextFactory, Session } from './trpc/context';
import { findSessionUser } from './users/data';

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

async function resolveSession(deps: AppDeps, token: string | undefined): Promise<Session> {
  if (!token) return { failure: 'missing' };
  const claims = await deps.tokens.verify(token);
  if (!claims) return { failure: 'invalid' };
  const user = await findSessionUser(deps.db, claims.userId, claims.tokenId);
  if (!user || user.revoked || claims.issuedAtMs < user.sessionsValidFrom) return { failure: 'invalid' };
  return {
    user: { id: user.id, email: user.email, role: user.role, status: user.status, membershipTier: user.membershipTier, paidSince: user.paidSince },
    token: { tokenId: claims.tokenId, issuedAtMs: claims.issuedAtMs, expiresAtMs: claims.expiresAtMs },
  };
}

export function contextFactory(deps: AppDeps): ContextFactory {
  return function createContext({ req }): Context {
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
