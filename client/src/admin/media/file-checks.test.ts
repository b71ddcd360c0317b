import { describe, expect, it } from 'vitest';
import { formatBytes, MAX_UPLOAD_BYTES } from '@shared/media';
import { checkPickedFiles, fitsCategory } from './file-checks';

function file(name: string, type: string, size = 10): File {
  const picked = new File(['x'], name, { type });
  // Real bytes of 200 MB would be slow to make; the checks only read the size.
  Object.defineProperty(picked, 'size', { value: size });
  return picked;
}

describe('checking picked files before they are listed (spec §5)', () => {
  it('takes a file whose MIME type or whose extension belongs to the media type', () => {
    expect(fitsCategory(file('dawn.png', 'image/png'), 'image')).toBe(true);
    expect(fitsCategory(file('dawn', 'image/webp'), 'image')).toBe(true);
    expect(fitsCategory(file('DAWN.JPG', ''), 'image')).toBe(true);
    expect(fitsCategory(file('song.ogg', ''), 'audio')).toBe(true);
    expect(fitsCategory(file('dawn.png', 'image/png'), 'video')).toBe(false);
  });

  it('refuses other types by name, in the words of the chosen type, and keeps the good ones', () => {
    const picked = [file('x.exe', 'application/x-msdownload'), file('dawn.png', 'image/png'), file('notes.txt', 'text/plain')];
    const result = checkPickedFiles(picked, 'image');
    expect(result.accepted.map((f) => f.name)).toEqual(['dawn.png']);
    expect(result.refusal).toEqual({
      text: 'Invalid file types: x.exe, notes.txt. Please select valid images files.',
      durationMs: 5000,
    });
    expect(checkPickedFiles([file('still.png', 'image/png')], 'video').refusal?.text).toBe('Invalid file types: still.png. Please select valid videos files.');
  });

  it('refuses files over 200 MB with their sizes, and that message wins over a type refusal', () => {
    const big = file('huge.mp4', 'video/mp4', MAX_UPLOAD_BYTES + 1);
    const result = checkPickedFiles([big, file('x.exe', ''), file('ok.mp4', 'video/mp4')], 'video');
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.mp4']);
    expect(result.refusal).toEqual({ text: `Files too large (max 200MB): huge.mp4 (${formatBytes(MAX_UPLOAD_BYTES + 1)})`, durationMs: 7000 });
  });

  it('takes a file of exactly 200 MB', () => {
    expect(checkPickedFiles([file('edge.mp4', 'video/mp4', MAX_UPLOAD_BYTES)], 'video')).toEqual({
      accepted: [expect.objectContaining({ name: 'edge.mp4' })],
      refusal: null,
    });
  });

  it('writes sizes in powers of 1024', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe('200.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
