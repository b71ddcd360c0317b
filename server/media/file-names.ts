// What an uploaded file is called on disk: the client's name made safe (no path parts, no leading
// dot, no control or reserved characters, a sane length), never overwriting a file already there.
import { link } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf } from '../../shared/media';

const MAX_STEM_LENGTH = 100;

export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // Control characters (C0, DEL, C1) and the characters other systems reserve in names.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    .trim()
    .replace(/^\.+/, '');
  const extension = extensionOf(cleaned);
  const stem = [...(extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned)].slice(0, MAX_STEM_LENGTH).join('').trim();
  return `${stem || 'file'}${extension ? `.${extension}` : ''}`;
}

/**
 * Gives the finished temporary file its name in `folder`, adding -1, -2, ... when the name is
 * taken. link() fails rather than replace an existing file, so two uploads of one name cannot
 * overwrite each other. Returns the name used; the caller removes the temporary file.
 */
export async function linkUnique(temporary: string, folder: string, name: string): Promise<string> {
  const extension = extensionOf(name);
  const stem = extension ? name.slice(0, -(extension.length + 1)) : name;
  for (let n = 0; n < 10_000; n++) {
    const candidate = n === 0 ? name : `${stem}-${n}${extension ? `.${extension}` : ''}`;
    try {
      await link(temporary, path.join(folder, candidate));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free name for ${name} in ${folder}`);
}
