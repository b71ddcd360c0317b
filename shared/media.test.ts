import { describe, expect, it } from 'vitest';
import { mediaUrl, pathOfMediaUrl } from './media';

describe('pathOfMediaUrl', () => {
  it('is the inverse of mediaUrl, with or without a version', () => {
    for (const path of ['image/dawn.png', 'video/trips/sea side.mp4', 'image/é #?%.png']) {
      expect(pathOfMediaUrl(mediaUrl(path))).toBe(path);
      expect(pathOfMediaUrl(mediaUrl(path, '1700000000000'))).toBe(path);
    }
  });

  it('names no path for a url outside /media/ or one that does not decode', () => {
    for (const url of ['/thumbs/image/a.png', 'https://example.com/media/image/a.png', '/media/image/%E0%A4%A.png', '']) {
      expect(pathOfMediaUrl(url)).toBeNull();
    }
  });
});
