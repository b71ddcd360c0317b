// Session tokens keep the claims of a token whose signature they checked: the kept claims must
// never outlive the token, nor stand for a different string.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionTokens } from './session-tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('session tokens', () => {
  it('a token verified once is refused once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createSessionTokens('a secret of the site', 60);
    const token = await tokens.sign({ id: 'user-1', role: 'user' });
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject({ userId: 'user-1' });
    expect(await tokens.verify(token)).toEqual(claims);

    vi.setSystemTime(claims!.expiresAtMs + 1);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a verified token changed by one character is checked again, and refused', async () => {
    const tokens = createSessionTokens('a secret of the site', 60);
    const token = await tokens.sign({ id: 'user-1', role: 'admin' });
    expect(await tokens.verify(token)).not.toBeNull();
    // The signature's first character: every one of its bits counts (the last one's lowest do not).
    const at = token.lastIndexOf('.') + 1;
    const forged = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await tokens.verify(forged)).toBeNull();
  });

  it('a token asked not to be issued before a moment counts as issued then, and expires its lifetime after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_800_000_000_000);
    const tokens = createSessionTokens('a secret of the site', 60);
    // The member's sessions ended at the next millisecond (users.sessions_valid_from = now + 1).
    const claims = await tokens.verify(await tokens.sign({ id: 'user-1', role: 'user' }, { notBeforeMs: 1_800_000_000_001 }));
    expect(claims).toMatchObject({ userId: 'user-1', issuedAtMs: 1_800_000_000_001, expiresAtMs: 1_800_000_060_000 });
    expect((await tokens.verify(await tokens.sign({ id: 'user-1', role: 'user' }, { notBeforeMs: 0 })))?.issuedAtMs).toBe(1_800_000_000_000);
  });

  it('a token signed with another secret is refused', async () => {
    const token = await createSessionTokens('another secret', 60).sign({ id: 'user-1', role: 'admin' });
    expect(await createSessionTokens('a secret of the site', 60).verify(token)).toBeNull();
  });
});
