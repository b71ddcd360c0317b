// Every path a client names (base path, file path, file name) is resolved here, symbolic links
// included, and refused unless it stays inside its root (CONTRACT "Media (admin)").
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, MEDIA_CATEGORIES, MEDIA_EXTENSIONS, type MediaCategory } from '../../shared/media';
import { MESSAGES } from '../../shared/messages';

const OUTSIDE_MEDIA_ROOT = 'basePath must be inside the media folder';

/** The longest file or folder name most file systems take (ext4, XFS, Btrfs): bytes of UTF-8, not characters. */
export const NAME_MAX_BYTES = 255;
/** The longest path Linux takes in one call (PATH_MAX, its closing NUL included). */
const PATH_MAX_BYTES = 4096;

// What the file system says when it refuses a path itself, in words a person can act on.
const REFUSALS = {
  ENAMETOOLONG: (subject: string) =>
    `${subject} is longer than the file system allows (at most ${NAME_MAX_BYTES} bytes per folder name, ${PATH_MAX_BYTES} in all)`,
  ELOOP: (subject: string) => `${subject} leads into a symbolic link loop`,
};

/**
 * Why the file system refused a path a client named (`subject`, say 'basePath'), or undefined when
 * the error is no such refusal: a name it cannot take is the client's mistake, not a 500.
 */
export function pathRefusal(error: unknown, subject: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS](subject) : undefined;
}

export class BasePathError extends Error {
  override name = 'BasePathError';
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** realpath, for a path whose last parts may not exist yet: the existing ancestor is resolved. */
async function realpathAllowingMissing(absolute: string): Promise<string> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch (error) {
      // ENOTDIR: a part of the path is a file; what lies below it does not exist either.
      if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      const parent = path.dirname(current);
      if (parent === current) throw error;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * The base path as a real absolute path inside MEDIA_ROOT: `requested` if given (a relative one is
 * taken inside MEDIA_ROOT), else the configured one.
 */
export async function resolveBasePath(mediaRoot: string, requested: string | undefined, configured: string): Promise<string> {
  const wanted = requested?.trim() || configured;
  if (!wanted) throw new BasePathError(MESSAGES.noBasePath);
  if (wanted.includes('\0')) throw new BasePathError(OUTSIDE_MEDIA_ROOT);
  // MEDIA_ROOT itself may have been removed while the server runs: then nothing is in it, which is no error.
  const root = await realpathAllowingMissing(path.resolve(mediaRoot));
  let real: string;
  try {
    real = await realpathAllowingMissing(path.resolve(root, wanted));
  } catch (error) {
    const refusal = pathRefusal(error, 'basePath');
    throw refusal ? new BasePathError(refusal) : error;
  }
  if (!isInside(root, real)) throw new BasePathError(OUTSIDE_MEDIA_ROOT);
  // realpath takes the missing part of a path at its word: a name too long there is refused only
  // when an upload makes the folder. Checked here, so that every call refuses it alike.
  if (!fitsFileSystem(real)) throw new BasePathError(REFUSALS.ENAMETOOLONG('basePath'));
  return real;
}

const fitsFileSystem = (absolute: string) =>
  Buffer.byteLength(absolute) < PATH_MAX_BYTES && absolute.split(path.sep).every((name) => Buffer.byteLength(name) <= NAME_MAX_BYTES);

/**
 * Whether `folder` is a folder itself, not a symbolic link (which could lead anywhere, or round in
 * a loop) and not missing: what image/, video/ and audio/ must be for the library to use them.
 */
export async function isRealFolder(folder: string): Promise<boolean> {
  try {
    return (await lstat(folder)).isDirectory();
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
}

export interface LibraryPath {
  /** The real absolute path of an existing file inside the base path. */
  absolute: string;
  /** Relative to the base path, with forward slashes. */
  relative: string;
  category: MediaCategory;
}

/**
 * A path relative to the base path, as a client sends it ('image/dawn.png'), if it names an
 * existing file of its category's kinds (shared/media.ts) inside the base path under image/,
 * video/ or audio/; otherwise null. Hidden parts, `..`, absolute paths, backslashes, NUL, other
 * extensions and symbolic links that lead outside are all refused.
 */
export async function resolveLibraryFile(base: string, relative: unknown): Promise<LibraryPath | null> {
  if (typeof relative !== 'string' || relative.length > 4096 || /[\0\\]/.test(relative)) return null;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const category = MEDIA_CATEGORIES.find((c) => c === segments[0]);
  if (!category || segments.length < 2) return null;
  // Only what the library lists is served: image/page.html (say) would otherwise be a page of this
  // site's origin, and the type served comes from the name of the file the path leads to.
  const allowed = (name: string) => MEDIA_EXTENSIONS[category].includes(extensionOf(name));
  if (!allowed(segments[segments.length - 1]!)) return null;
  let real: string;
  try {
    real = await realpath(path.join(base, ...segments));
  } catch {
    return null;
  }
  if (!isInside(base, real) || !isInside(path.join(base, category), real) || !allowed(path.basename(real))) return null;
  return { absolute: real, relative: segments.join('/'), category };
}
