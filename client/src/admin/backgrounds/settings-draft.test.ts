import { describe, expect, it } from 'vitest';
import type { SliderConfig } from '@shared/slider';
import { colorComponent, configOf, draftOf, parseMs } from './settings-draft';

const CONFIG: SliderConfig = {
  backgroundsBasePath: '/srv/media',
  activePlaylist: 'p1',
  cycleTime: 8000,
  transitionDuration: 1500,
  overlayOpacity: 0.2,
  overlayColor: '10,20,30',
  randomOrder: false,
};

describe('the Global Slider Settings form', () => {
  it('reads millisecond fields as integers, defaulting to 0 (spec §5)', () => {
    expect(parseMs('1500')).toBe(1500);
    expect(parseMs(' 1500.7 ')).toBe(1500);
    expect(parseMs('')).toBe(0);
    expect(parseMs('soon')).toBe(0);
    // Out of range is the server's to refuse, with its own message.
    expect(parseMs('-5')).toBe(-5);
  });

  it('keeps colour components whole numbers from 0 to 255', () => {
    expect(colorComponent(12.6)).toBe(13);
    expect(colorComponent(300)).toBe(255);
    expect(colorComponent(-1)).toBe(0);
    expect(colorComponent(Number.NaN)).toBe(0);
  });

  it('gives back the config it was made from, and what the admin typed as numbers', () => {
    expect(configOf(draftOf(CONFIG))).toEqual(CONFIG);
    const draft = {
      ...draftOf(CONFIG),
      backgroundsBasePath: '  media/alt  ',
      cycleTime: '1500',
      transitionDuration: '',
      overlayColor: [255, 0, 3] as [number, number, number],
    };
    expect(configOf(draft)).toEqual({ ...CONFIG, backgroundsBasePath: 'media/alt', cycleTime: 1500, transitionDuration: 0, overlayColor: '255,0,3' });
  });

  it('reads a malformed stored colour as black rather than failing', () => {
    expect(draftOf({ ...CONFIG, overlayColor: 'red' }).overlayColor).toEqual([0, 0, 0]);
  });
});
