// The media library on disk: base/image, base/video, base/audio (sub-folders allowed). Only files
// with an extension of their folder's category count; hidden entries and symbolic links are skipped,
// the category folders themselves included (uploads refuse them too).
//
// Folders are read asynchronously, but file sizes come from statSync in slices: 10,000 async
// stats cost ten times more than the syscalls themselves (a thread-pool round trip each), while a
// slice of synchronous ones holds the event loop for about a millisecond before letting others in.
import { readdir } from 'node:fs/promises';
import { statSync } from 'node:fs';
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

/** Every library file of the given categories (default all) with its size, sorted by path. */
export async function listLibrary(base: string, categories: readonly MediaCategory[] = MEDIA_CATEGORIES): Promise<MediaFile[]> {
  const entries = await libraryEntries(base, categories);
  const files: MediaFile[] = [];
  for (let start = 0; start < entries.length; start += STAT_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const entry of entries.slice(start, start + STAT_SLICE)) {
      // Gone since the folder was read: left out, as if the listing had come a moment later.
      const stats = statSync(path.join(base, entry.path), { throwIfNoEntry: false });
      if (stats?.isFile()) files.push({ path: entry.path, name: entry.name, size: stats.size, category: entry.category });
    }
  }
  return files;
}
