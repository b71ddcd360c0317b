// @vitest-environment happy-dom
// The link that sends a call once more when a 401 answered a token the browser has since replaced.
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@shared/constants';
import type { AppRouter } from './trpc';
import { resendWithNewToken } from './trpc-link';
import { getToken, setToken } from './session';

/** Stands for the server: 401 for any token but `valid`; each call is counted, with the token it carried. */
function fakeServer(valid: () => string | null, beforeAnswer: () => void = () => undefined) {
  const seen: Array<string | null> = [];
  const link: TRPCLink<AppRouter> = () => () =>
    observable((observer) => {
      const token = getToken();
      seen.push(token);
      beforeAnswer();
      if (token === valid()) {
        observer.next({ result: { type: 'data', data: { user: 'me' } } });
        observer.complete();
      } else {
        observer.error(TRPCClientError.from({ error: { message: 'Session expired', code: -32001, data: { httpStatus: 401, code: 'UNAUTHORIZED' } } }));
      }
      return () => undefined;
    });
  return { link, seen };
}

const clientWith = (server: TRPCLink<AppRouter>) => createTRPCClient<AppRouter>({ links: [resendWithNewToken, server] });

afterEach(() => localStorage.removeItem(TOKEN_STORAGE_KEY));

describe('a 401 for a token replaced meanwhile', () => {
  it('sends the call once more with the new token, which succeeds', async () => {
    setToken('old');
    // The answer to the old token comes after the browser got its fresh one (a password change).
    const server = fakeServer(
      () => 'fresh',
      () => setToken('fresh'),
    );
    await expect(clientWith(server.link).auth.me.query()).resolves.toEqual({ user: 'me' });
    expect(server.seen).toEqual(['old', 'fresh']);
  });

  it('stays a 401 when the token it carried is still the current one', async () => {
    setToken('revoked');
    const server = fakeServer(() => 'someone else');
    const failure = await clientWith(server.link)
      .auth.me.query()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCClientError);
    expect((failure as TRPCClientError<AppRouter>).data?.httpStatus).toBe(401);
    expect(server.seen).toEqual(['revoked']);
  });

  it('stays a 401 once signed out meanwhile, and is sent once more at most', async () => {
    setToken('old');
    const signedOut = fakeServer(
      () => 'never',
      () => localStorage.removeItem(TOKEN_STORAGE_KEY),
    );
    await expect(clientWith(signedOut.link).auth.me.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(signedOut.seen).toEqual(['old']);

    setToken('first');
    let next = 1;
    const keepsChanging = fakeServer(
      () => 'never',
      () => setToken(`token ${++next}`),
    );
    await expect(clientWith(keepsChanging.link).auth.me.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(keepsChanging.seen).toEqual(['first', 'token 2']);
  });
});
