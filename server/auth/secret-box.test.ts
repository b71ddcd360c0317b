import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const SERVER_SECRET = 'a-server-secret-that-is-at-least-32-bytes';
const box = createSecretBox(SERVER_SECRET, 'two-factor secrets', 'v1');

describe('the secret box', () => {
  it('opens what it sealed, for the same context', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user-1');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('hides the plain text, and seals the same text differently each time (a fresh IV)', () => {
    const [one, two] = [box.seal('JBSWY3DPEHPK3PXP', 'user-1'), box.seal('JBSWY3DPEHPK3PXP', 'user-1')];
    expect(one).not.toBe(two);
    for (const sealed of [one, two]) {
      expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
      expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('JBSWY3DPEHPK3PXP');
    }
  });

  it('does not open a value sealed for another context (copied onto another user’s row)', () => {
    expect(box.open(box.seal('secret', 'user-1'), 'user-2')).toBeUndefined();
  });

  it('does not open with a key from another server secret, or for another purpose', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(createSecretBox('another-server-secret-of-32-bytes-or-more', 'two-factor secrets', 'v1').open(sealed, 'user-1')).toBeUndefined();
    expect(createSecretBox(SERVER_SECRET, 'something else', 'v1').open(sealed, 'user-1')).toBeUndefined();
    expect(createSecretBox(SERVER_SECRET, 'two-factor secrets', 'v1').open(sealed, 'user-1')).toBe('secret');
  });

  it('marks what it seals with its tag, and opens only values of its own tag', () => {
    const tagged = createSecretBox(SERVER_SECRET, 'two-factor secrets', 'v2');
    const sealed = tagged.seal('secret', 'user-1');
    expect(sealed).toMatch(/^v2\./);
    expect(tagged.open(sealed, 'user-1')).toBe('secret');
    // The same key under another tag: the tag says which key sealed a value, and a box opens only its own.
    expect(box.open(sealed, 'user-1')).toBeUndefined();
    expect(box.open(`v1.${sealed.slice(3)}`, 'user-1')).toBe('secret');
    expect(tagged.open(box.seal('secret', 'user-1'), 'user-1')).toBeUndefined();
  });

  it('refuses tampered, cut and malformed values without throwing', () => {
    const sealed = box.seal('secret', 'user-1');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const i of [0, 12, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[i] = flipped[i]! ^ 1;
      expect(box.open(`v1.${flipped.toString('base64url')}`, 'user-1')).toBeUndefined();
    }
    for (const bad of ['', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3), sealed.slice(0, -4), 'not sealed at all']) {
      expect(box.open(bad, 'user-1')).toBeUndefined();
    }
  });
});
