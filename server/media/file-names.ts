// What an uploaded file is called on disk: the client's name made safe (no path parts, no leading
// dot, no control or reserved characters, short enough for the file system), never overwriting a
// file already there.
import { link } from 'node:fs/promises';
import path from 'node:path';
import { NAME_MAX_BYTES } from './paths';

// linkUnique tries -1 up to -9999: a sanitised name leaves room for the longest suffix.
const MAX_SUFFIX = 9999;
const SUFFIX_BYTES = `-${MAX_SUFFIX}`.length;
// A longer "extension" (the dot included) is no media type's (theirs have at most 4 letters): it
// stays in the stem, which may be shortened, rather than crowd the stem out.
const MAX_EXTENSION_BYTES = 16;

const characters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest start of `text` that fits in `maxBytes` of UTF-8, cut between characters as a person sees them (a letter keeps its accents, an emoji its modifiers). */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const { segment, index } of characters.segment(text)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > maxBytes) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** 'Dawn.PNG' → ['Dawn', '.PNG']; a name without an extension → [name, ''] (as extensionOf sees it). */
function splitExtension(name: string): [stem: string, dotExtension: string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // Control characters (C0, DEL, C1), the characters other systems reserve in names, and lone
    // UTF-16 surrogates (no character at all: they would reach the disk as U+FFFD).
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]|\p{Cs}/gu, '')
    // No leading dot (a hidden file), even behind spaces: every cut below keeps the start.
    .replace(/^[\s.]+|\s+$/g, '');
  const [fullStem, extension] = splitExtension(cleaned);
  const [longStem, dotExtension] = Buffer.byteLength(extension) <= MAX_EXTENSION_BYTES ? [fullStem, extension.toLowerCase()] : [cleaned, ''];
  const stem = cutToBytes(longStem, NAME_MAX_BYTES - SUFFIX_BYTES - Buffer.byteLength(dotExtension)).trimEnd();
  return `${stem || 'file'}${dotExtension}`;
}

/**
 * Gives the finished temporary file its name in `folder`, adding -1, -2, ... when the name is
 * taken. link() fails rather than replace an existing file, so two uploads of one name cannot
 * overwrite each other. Returns the name used; the caller removes the temporary file.
 */
export async function linkUnique(temporary: string, folder: string, name: string): Promise<string> {
  const [stem, dotExtension] = splitExtension(name);
  for (let n = 0; n <= MAX_SUFFIX; n++) {
    const candidate = n === 0 ? name : `${stem}-${n}${dotExtension}`;
    try {
      await link(temporary, path.join(folder, candidate));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free name for ${name} in ${folder}`);
}
