import { describe, expect, it } from 'vitest';
import { keyframeInterval, ladderFor } from './ladder';

describe('the ladder', () => {
  it('gives a 1080p source every rung, lowest first, with even widths that keep its shape', () => {
    expect(ladderFor({ width: 1920, height: 1080 })).toEqual([
      { width: 426, height: 240, videoKbps: 400 },
      { width: 640, height: 360, videoKbps: 800 },
      { width: 854, height: 480, videoKbps: 1400 },
      { width: 1280, height: 720, videoKbps: 2800 },
      { width: 1920, height: 1080, videoKbps: 5000 },
    ]);
  });

  it('never goes above the source: a 2160p source stops at 1080p, a 600-line one at 480p', () => {
    expect(ladderFor({ width: 3840, height: 2160 }).map((r) => r.height)).toEqual([240, 360, 480, 720, 1080]);
    expect(ladderFor({ width: 800, height: 600 }).map((r) => [r.width, r.height])).toEqual([
      [320, 240],
      [480, 360],
      [640, 480],
    ]);
  });

  it('gives a source under 240 lines one rendition at its own size, made even', () => {
    expect(ladderFor({ width: 240, height: 180 })).toEqual([{ width: 240, height: 180, videoKbps: 400 }]);
    expect(ladderFor({ width: 161, height: 121 })).toEqual([{ width: 160, height: 120, videoKbps: 400 }]);
  });

  it('keeps a portrait source portrait', () => {
    expect(ladderFor({ width: 720, height: 1280 }).map((r) => [r.width, r.height])).toEqual([
      [136, 240],
      [202, 360],
      [270, 480],
      [406, 720],
      [608, 1080],
    ]);
  });
});

describe('the keyframe interval', () => {
  it('is two seconds of frames, to the nearest frame', () => {
    expect(keyframeInterval(25)).toBe(50);
    expect(keyframeInterval(30000 / 1001)).toBe(60);
    expect(keyframeInterval(24000 / 1001)).toBe(48);
    expect(keyframeInterval(15)).toBe(30);
    expect(keyframeInterval(0.2)).toBe(1);
  });

  it('assumes 30 frames a second when the source does not say', () => {
    expect(keyframeInterval(null)).toBe(60);
    expect(keyframeInterval(Number.NaN)).toBe(60);
  });
});
