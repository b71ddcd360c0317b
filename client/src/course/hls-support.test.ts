import { describe, expect, it } from 'vitest';
import { streamPlayerFor } from './hls-support';
import { autoLabel, levelForHeight, qualityAnnouncement, qualityLevels } from './quality-levels';

describe('which player a stream gets (decision 048)', () => {
  it("uses Apple's own HLS, hls.js wherever MediaSource is, and the original elsewhere", () => {
    // Safari 17+ on macOS and iOS (ManagedMediaSource), an iPhone before iOS 17.1 (no MediaSource).
    expect(streamPlayerFor({ nativeHls: 'maybe', mediaSource: true, managedMediaSource: true })).toBe('native');
    expect(streamPlayerFor({ nativeHls: 'maybe', mediaSource: false, managedMediaSource: false })).toBe('native');
    // Chromium (its own HLS says 'maybe' but has no levels), Android, Firefox.
    expect(streamPlayerFor({ nativeHls: 'maybe', mediaSource: true, managedMediaSource: false })).toBe('hls.js');
    expect(streamPlayerFor({ nativeHls: '', mediaSource: true, managedMediaSource: false })).toBe('hls.js');
    expect(streamPlayerFor({ nativeHls: '', mediaSource: false, managedMediaSource: true })).toBe('hls.js');
    expect(streamPlayerFor({ nativeHls: '', mediaSource: false, managedMediaSource: false })).toBe('original');
  });
});

describe('the quality menu’s choices', () => {
  const levels = qualityLevels([{ height: 240 }, { height: 360 }, { height: 360 }, { height: 720 }, { height: 0 }]);

  it('lists each height once, highest first, by the index hls.js knows it by', () => {
    expect(levels).toEqual([
      { index: 3, height: 720 },
      { index: 1, height: 360 },
      { index: 0, height: 240 },
    ]);
  });

  it('finds a remembered height, the best under it, or the lowest; Auto when none is remembered', () => {
    expect(levelForHeight(levels, 360)).toBe(1);
    expect(levelForHeight(levels, 1080)).toBe(3);
    expect(levelForHeight(levels, 480)).toBe(1);
    expect(levelForHeight(levels, 144)).toBe(0);
    expect(levelForHeight(levels, null)).toBe(-1);
    expect(levelForHeight([], 360)).toBe(-1);
  });

  it('names Auto with what it plays and says each choice', () => {
    expect(autoLabel(levels, -1)).toBe('Auto');
    expect(autoLabel(levels, 3)).toBe('Auto (720p)');
    expect(qualityAnnouncement(levels, 0, 3)).toBe('Quality: 240p');
    expect(qualityAnnouncement(levels, -1, 1)).toBe('Quality: Auto (now 360p)');
    expect(qualityAnnouncement(levels, -1, -1)).toBe('Quality: Auto');
  });
});
