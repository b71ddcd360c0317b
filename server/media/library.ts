// The media library on disk: base/image, base/video, base/audio (sub-folders allowed). Only files
// with an extension of their folder's category count; hidden entries and symbolic links are skipped.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, MEDIA_CATEGORIES, MEDIA_EXTENSIONS, type MediaCategory, type MediaFile } from '../../shared/media';

async function entries(folder: string): Promise<Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

async function walk(base: string, category: MediaCategory, relativeFolder: string, found: MediaFile[]): Promise<void> {
  const allowed = MEDIA_EXTENSIONS[category];
  const children = await entries(path.join(base, relativeFolder));
  await Promise.all(
    children.map(async (entry) => {
      if (entry.name.startsWith('.')) return;
      const relative = `${relativeFolder}/${entry.name}`;
      if (entry.isDirectory()) return walk(base, category, relative, found);
      if (!entry.isFile() || !allowed.includes(extensionOf(entry.name))) return;
      const { size } = await stat(path.join(base, relative));
      found.push({ path: relative, name: entry.name, size, category });
    }),
  );
}

/** Every library file of the given categories (default all), sorted by path. */
export async function listLibrary(base: string, categories: readonly MediaCategory[] = MEDIA_CATEGORIES): Promise<MediaFile[]> {
  const found: MediaFile[] = [];
  await Promise.all(categories.map((category) => walk(base, category, category, found)));
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
