// The media library on disk: base/image, base/video, base/audio (sub-folders allowed). Only files
// with an extension of their folder's category count; hidden entries and symbolic links are skipped,
// the category folders themselves included (uploads refuse them too).
//
// Folders are read asynchronously, but file sizes come from statSync in slices: 10,000 async
// stats cost ten times more than the syscalls themselves (a thread-pool round trip each), while a
// slice of synchronous ones holds the event loop for about a millisecond before letting others in.
import { lstat, readdir } from 'node:fs/promises';
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { extensionOf, MEDIA_CATEGORIES, MEDIA_EXTENSIONS, type MediaCategory, type MediaFile } from '../../shared/media';
import { isRealFolder } from './paths';

const STAT_SLICE = 500;

export interface LibraryEntry {
  path: string;
  name: string;
  category: MediaCategory;
}

async function childrenOf(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

async function walk(base: string, category: MediaCategory, relativeFolder: string, found: LibraryEntry[]): Promise<void> {
  const allowed = MEDIA_EXTENSIONS[category];
  const folders: string[] = [];
  for (const entry of await childrenOf(path.join(base, relativeFolder))) {
    if (entry.name.startsWith('.')) continue;
    const relative = `${relativeFolder}/${entry.name}`;
    if (entry.isDirectory()) folders.push(relative);
    else if (entry.isFile() && allowed.includes(extensionOf(entry.name))) found.push({ path: relative, name: entry.name, category });
  }
  await Promise.all(folders.map((folder) => walk(base, category, folder, found)));
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The library's files of the given categories (default all), sorted by path, without sizes: what a scan counts. */
export async function libraryEntries(base: string, categories: readonly MediaCategory[] = MEDIA_CATEGORIES): Promise<LibraryEntry[]> {
  const found: LibraryEntry[] = [];
  await Promise.all(
    categories.map(async (category) => {
      if (await isRealFolder(path.join(base, category))) await walk(base, category, category, found);
    }),
  );
  return found.sort(byPath);
}

export interface LibraryPage {
  files: MediaFile[];
  /** Files of the listing on every page. */
  total: number;
  /** Where the next page starts (after this path); null on the last one. */
  nextCursor: string | null;
}

/** Where the files after `cursor` begin in a list sorted by path. */
function firstAfter(entries: readonly LibraryEntry[], cursor: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.path <= cursor) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The library's files of the given categories (default all) with their sizes, sorted by path: all
 * of them, or with `limit` one page after `cursor`. A page costs a walk of the folders and the
 * stats of its own files only, so a library of 100,000 files is read a page at a time.
 */
export async function listLibrary(
  base: string,
  categories: readonly MediaCategory[] = MEDIA_CATEGORIES,
  page: { limit?: number; cursor?: string } = {},
): Promise<LibraryPage> {
  const entries = await libraryEntries(base, categories);
  const start = page.cursor === undefined ? 0 : firstAfter(entries, page.cursor);
  const end = page.limit === undefined ? entries.length : Math.min(entries.length, start + page.limit);
  return {
    files: await withSizes(base, entries.slice(start, end)),
    total: entries.length,
    nextCursor: end < entries.length ? entries[end - 1]!.path : null,
  };
}

async function withSizes(base: string, entries: readonly LibraryEntry[]): Promise<MediaFile[]> {
  const files: MediaFile[] = [];
  for (let start = 0; start < entries.length; start += STAT_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const entry of entries.slice(start, start + STAT_SLICE)) {
      // Gone since the folder was read: left out, as if the listing had come a moment later.
      // Joined by hand: the walk built these paths clean, and path.join costs a tenth of the stat.
      const stats = statSync(`${base}/${entry.path}`, { throwIfNoEntry: false });
      if (stats?.isFile()) files.push({ path: entry.path, name: entry.name, size: stats.size, category: entry.category });
    }
  }
  return files;
}

/**
 * Those of `paths` that the listing would show, with their sizes: every folder on the way a real
 * one (no symbolic link), no hidden segment, the name of its category. One lstat per folder and file.
 */
export async function findLibraryFiles(base: string, paths: readonly string[]): Promise<MediaFile[]> {
  const kinds = new Map<string, Promise<Stats | undefined>>();
  const lstatOnce = (relative: string) => {
    let kind = kinds.get(relative);
    if (!kind) {
      // Only "not there" means not a library file: any other failure fails the lookup, so that a
      // playlist save never drops items because a disk could not be read.
      kind = lstat(path.join(base, relative)).catch((error: NodeJS.ErrnoException) => {
        if (['ENOENT', 'ENOTDIR'].includes(error.code ?? '')) return undefined;
        throw error;
      });
      kinds.set(relative, kind);
    }
    return kind;
  };
  const found = await Promise.all(
    [...new Set(paths)].map(async (relative): Promise<MediaFile | null> => {
      const segments = relative.split('/');
      const category = MEDIA_CATEGORIES.find((c) => c === segments[0]);
      const name = segments[segments.length - 1]!;
      if (!category || segments.length < 2 || /[\0\\]/.test(relative) || segments.some((s) => s === '' || s.startsWith('.'))) return null;
      if (!MEDIA_EXTENSIONS[category].includes(extensionOf(name))) return null;
      for (let depth = 1; depth < segments.length; depth++) {
        if (!(await lstatOnce(segments.slice(0, depth).join('/')))?.isDirectory()) return null;
      }
      const file = await lstatOnce(relative);
      return file?.isFile() ? { path: relative, name, size: file.size, category } : null;
    }),
  );
  return found.filter((file) => file !== null).sort(byPath);
}
