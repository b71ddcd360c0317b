import { describe, expect, it } from 'vitest';
import { SLIDER_DEFAULTS } from '@shared/slider';
import { configFromData, overlayFromConfig, slidesFromData, stillSlideIndex } from './slides';

describe('reading the public slider data', () => {
  it('plays the slides when there are any', () => {
    const data = { slides: [{ type: 'video', src: '/media/video/a.mp4' }], images: ['/media/image/b.jpg'], videos: [] };
    expect(slidesFromData(data)).toEqual([{ type: 'video', src: '/media/video/a.mp4' }]);
  });

  it('falls back to the images then the videos', () => {
    const data = { slides: [], images: ['/media/image/b.jpg'], videos: ['/media/video/a.mp4'] };
    expect(slidesFromData(data)).toEqual([
      { type: 'image', src: '/media/image/b.jpg' },
      { type: 'video', src: '/media/video/a.mp4' },
    ]);
    expect(slidesFromData({ images: ['/media/image/b.jpg'] })).toEqual([{ type: 'image', src: '/media/image/b.jpg' }]);
  });

  it('drops what it cannot play instead of failing', () => {
    expect(slidesFromData(null)).toEqual([]);
    expect(slidesFromData({ slides: 'nope', images: [3, '', '/media/image/ok.png'] })).toEqual([{ type: 'image', src: '/media/image/ok.png' }]);
    expect(slidesFromData({ slides: [{ type: 'audio', src: '/media/audio/x.mp3' }, { type: 'image' }, null] })).toEqual([]);
  });

  it('takes the defaults for settings that are missing or out of range', () => {
    expect(configFromData({})).toEqual(SLIDER_DEFAULTS);
    expect(configFromData({ config: { cycleTime: -5, transitionDuration: 'x', overlayOpacity: 2, randomOrder: 'yes' } })).toEqual(SLIDER_DEFAULTS);
    expect(configFromData({ config: { ...SLIDER_DEFAULTS, cycleTime: 2500, overlayOpacity: 0, randomOrder: true } })).toMatchObject({
      cycleTime: 2500,
      overlayOpacity: 0,
      randomOrder: true,
    });
  });

  it('turns the overlay colour into CSS', () => {
    expect(overlayFromConfig({ ...SLIDER_DEFAULTS, overlayColor: '12,34,56', overlayOpacity: 0.5 })).toEqual({ color: 'rgb(12, 34, 56)', opacity: 0.5 });
    expect(overlayFromConfig({ ...SLIDER_DEFAULTS, overlayColor: 'garbage' }).color).toBe('rgb(0, 0, 0)');
  });

  it('picks the first image as the still slide, or the first video when there is no image', () => {
    expect(stillSlideIndex([])).toBeNull();
    expect(
      stillSlideIndex([
        { type: 'video', src: 'v' },
        { type: 'image', src: 'i' },
      ]),
    ).toBe(1);
    expect(
      stillSlideIndex([
        { type: 'video', src: 'v' },
        { type: 'video', src: 'w' },
      ]),
    ).toBe(0);
  });
});
