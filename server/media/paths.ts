// Every path a client names (base path, file path, file name) is resolved here, symbolic links
// included, and refused unless it stays inside its root (CONTRACT "Media (admin)").
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_CATEGORIES, type MediaCategory } from '../../shared/media';
import { MESSAGES } from '../../shared/messages';

const OUTSIDE_MEDIA_ROOT = 'basePath must be inside the media folder';

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
  const real = await realpathAllowingMissing(path.resolve(root, wanted));
  if (!isInside(root, real)) throw new BasePathError(OUTSIDE_MEDIA_ROOT);
  return real;
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
 * existing file inside the base path under image/, video/ or audio/; otherwise null. Hidden parts,
 * `..`, absolute paths, backslashes, NUL and symbolic links that lead outside are all refused.
 */
export async function resolveLibraryFile(base: string, relative: unknown): Promise<LibraryPath | null> {
  if (typeof relative !== 'string' || relative.length > 4096 || /[\0\\]/.test(relative)) return null;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const category = MEDIA_CATEGORIES.find((c) => c === segments[0]);
  if (!category || segments.length < 2) return null;
  let real: string;
  try {
    real = await realpath(path.join(base, ...segments));
  } catch {
    return null;
  }
  if (!isInside(base, real) || !isInside(path.join(base, category), real)) return null;
  return { absolute: real, relative: segments.join('/'), category };
}
