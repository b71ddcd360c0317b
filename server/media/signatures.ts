// The leading bytes each format starts with, so that a file's content must match its extension
// (a PNG named .mp4 is refused). Formats without a reliable signature pass on extension alone.
// The media library's uploads and the course's files (server/course/) both check them.
import { open } from 'node:fs/promises';

const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString('latin1') === text;
const hex = (bytes: Buffer, at: number, value: string) => bytes.subarray(at, at + value.length / 2).toString('hex') === value;

const isoMedia = (b: Buffer) => ascii(b, 4, 'ftyp');
const riff = (kind: string) => (b: Buffer) => ascii(b, 0, 'RIFF') && ascii(b, 8, kind);
const ebml = (b: Buffer) => hex(b, 0, '1a45dfa3');
const ogg = (b: Buffer) => ascii(b, 0, 'OggS');
// A local file header, or the end record of an empty archive. An EPUB is a ZIP too.
const zip = (b: Buffer) => hex(b, 0, '504b0304') || hex(b, 0, '504b0506');
// Plain text holds no NUL byte (a binary file renamed .txt almost always does early on).
const text = (b: Buffer) => !b.includes(0);

const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  png: (b) => hex(b, 0, '89504e470d0a1a0a'),
  jpg: (b) => hex(b, 0, 'ffd8ff'),
  jpeg: (b) => hex(b, 0, 'ffd8ff'),
  gif: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  webp: riff('WEBP'),
  bmp: (b) => ascii(b, 0, 'BM'),
  // An SVG is text: an optional BOM and XML prolog or comments, then an <svg element early on.
  svg: (b) => /^(\ufeff)?\s*</.test(b.toString('utf8')) && /<svg[\s>]/i.test(b.toString('utf8')),
  mp4: isoMedia,
  m4v: isoMedia,
  m4a: isoMedia,
  // QuickTime files may start with other atoms (moov, mdat, wide, free, skip) before ftyp.
  mov: (b) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => ascii(b, 4, atom)),
  webm: ebml,
  mkv: ebml,
  ogg,
  oga: ogg,
  opus: ogg,
  avi: riff('AVI '),
  wav: riff('WAVE'),
  flac: (b) => ascii(b, 0, 'fLaC'),
  // MP3: an ID3 tag or an MPEG audio frame sync; AAC: ADTS frame sync or an ADIF header.
  mp3: (b) => ascii(b, 0, 'ID3') || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  aac: (b) => ascii(b, 0, 'ADIF') || (b[0] === 0xff && (b[1]! & 0xf6) === 0xf0),
  wma: (b) => hex(b, 0, '3026b2758e66cf11a6d900aa0062ce6c'),
  pdf: (b) => ascii(b, 0, '%PDF-'),
  zip,
  epub: zip,
  txt: text,
  md: text,
  // WebVTT: an optional BOM, then WEBVTT alone or followed by a space, a tab or a line break (W3C WebVTT §4.1).
  vtt: (b) => /^(\ufeff)?WEBVTT([ \t\r\n]|$)/.test(b.toString('utf8')),
};

/** How many leading bytes the checks need. */
export const SIGNATURE_BYTES = 1024;

/** The first SIGNATURE_BYTES of a file on disk (fewer if it is shorter). */
export async function leadingBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function contentMatchesExtension(extension: string, leadingBytes: Buffer): boolean {
  const check = SIGNATURES[extension];
  return check ? check(leadingBytes) : true;
}
