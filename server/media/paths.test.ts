// Property: whatever a client sends as a base path, file path or file name, nothing resolves
// outside its root (CONTRACT "Media (admin)").
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-names';
import { BasePathError, NAME_MAX_BYTES, resolveBasePath, resolveLibraryFile } from './paths';

let outside: string;
let root: string;
let base: string;

beforeAll(() => {
  const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'qc-paths-')));
  outside = path.join(top, 'outside');
  root = path.join(top, 'root');
  base = path.join(root, 'site');
  for (const dir of [outside, path.join(base, 'image', 'sub'), path.join(base, 'video')]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(outside, 'secret.png'), 'secret');
  writeFileSync(path.join(base, 'image', 'dawn.png'), 'png');
  writeFileSync(path.join(base, 'image', 'sub', 'dusk.png'), 'png');
  writeFileSync(path.join(base, 'image', '.hidden.png'), 'png');
  symlinkSync(path.join(outside, 'secret.png'), path.join(base, 'image', 'link.png'));
  symlinkSync(outside, path.join(base, 'image', 'escape'));
  symlinkSync(outside, path.join(root, 'elsewhere'));
});
afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

const isInside = (parent: string, child: string) => child === parent || child.startsWith(parent + path.sep);

const piece = fc.constantFrom(
  '..',
  '.',
  '',
  'image',
  'video',
  'audio',
  'sub',
  'dawn.png',
  'dusk.png',
  'link.png',
  'escape',
  'secret.png',
  '.hidden.png',
  '%2F',
  '%2e%2e',
  '\\..',
  '\0',
  '/etc/passwd',
  '~',
  'outside',
  'elsewhere',
  'site',
);
const pathLike = fc.array(piece, { minLength: 0, maxLength: 6 }).map((parts) => parts.join('/'));
const anyText = fc.oneof(pathLike, fc.string(), fc.constant(path.join('/', 'etc')));

describe('path resolution', () => {
  it('a file path never resolves outside the base path, or to a hidden file', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (candidate) => {
        const file = await resolveLibraryFile(base, candidate);
        if (file) {
          expect(isInside(base, file.absolute)).toBe(true);
          expect(file.relative.split('/').some((part) => part.startsWith('.'))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('resolves what is really inside, and refuses symbolic links that lead out', async () => {
    expect((await resolveLibraryFile(base, 'image/dawn.png'))?.relative).toBe('image/dawn.png');
    expect((await resolveLibraryFile(base, 'image/sub/dusk.png'))?.category).toBe('image');
    for (const refused of [
      'image/link.png',
      'image/escape/secret.png',
      'image/../image/dawn.png',
      'image/.hidden.png',
      '/image/dawn.png',
      'dawn.png',
      'image\\dawn.png',
    ]) {
      expect(await resolveLibraryFile(base, refused), refused).toBeNull();
    }
  });

  it('a base path never resolves outside MEDIA_ROOT', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (candidate) => {
        try {
          expect(isInside(root, await resolveBasePath(root, candidate, root))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(BasePathError);
        }
      }),
      { numRuns: 500 },
    );
    await expect(resolveBasePath(root, 'elsewhere', root)).rejects.toThrow('basePath must be inside the media folder');
    await expect(resolveBasePath(root, '../outside', root)).rejects.toThrow(BasePathError);
    await expect(resolveBasePath(root, outside, root)).rejects.toThrow(BasePathError);
    expect(await resolveBasePath(root, 'site', root)).toBe(base);
    expect(await resolveBasePath(root, 'not/yet/made', root)).toBe(path.join(root, 'not', 'yet', 'made'));
  });

  it('a sanitised file name has no path, no leading dot, no control characters, and fits the file system with a -9999 suffix', () => {
    const longNames = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '🇫🇷', 'e\u0301', '.', ' ', '\ud800'), minLength: 100, maxLength: 400 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), pathLike, fc.string({ unit: 'binary', maxLength: 400 }), longNames), (raw) => {
        const name = sanitizeFileName(raw);
        // eslint-disable-next-line no-control-regex -- no control character may survive
        expect(name).not.toMatch(/[/\\\0-\x1f]/);
        expect(name.startsWith('.')).toBe(false);
        expect(name.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(`${name}-9999`)).toBeLessThanOrEqual(NAME_MAX_BYTES);
        // Whole characters only: UTF-8 gives the same name back, with nothing replaced.
        expect(Buffer.from(name).toString()).toBe(name);
      }),
      { numRuns: 1000 },
    );
    expect(sanitizeFileName(`${'😀'.repeat(100)}.PNG`)).toBe(`${'😀'.repeat(61)}.png`);
    expect(sanitizeFileName(`${'e\u0301'.repeat(200)}.jpg`)).toBe(`${'é'.repeat(123)}.jpg`);
    expect(sanitizeFileName(`clip.${'x'.repeat(300)}`)).toBe(`clip.${'x'.repeat(245)}`);
    expect(sanitizeFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFileName('..\\..\\Evil.PNG')).toBe('Evil.png');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('a\u0000b\nc.jpg')).toBe('abc.jpg');
  });
});
