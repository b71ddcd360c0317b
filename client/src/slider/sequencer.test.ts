import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slide } from '@shared/slider';
import { FakeStage, type Behaviour } from './fake-stage.test-support';
import { BLACKOUT_MS, MIN_PREFADE_MS, READY_WAIT_MS, Sequencer } from './sequencer';
import type { ShowSettings } from './slides';

const image = (name: string): Slide => ({ type: 'image', src: `/media/image/${name}.jpg` });
const video = (name: string): Slide => ({ type: 'video', src: `/media/video/${name}.mp4` });
const settings = (overrides: Partial<ShowSettings> = {}): ShowSettings => ({ cycleTime: 1000, transitionDuration: 300, randomOrder: false, ...overrides });

/** A deterministic [0, 1) generator (mulberry32). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function setup(behaviour?: (src: string) => Behaviour, random?: () => number) {
  const stage = new FakeStage(behaviour);
  const sequencer = new Sequencer(stage, random ? { random } : {});
  return { stage, sequencer };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the slideshow sequencer', () => {
  it('preloads the next slide in the hidden layer, then fades it in every cycleTime', async () => {
    const { stage, sequencer } = setup();
    const [a, b, c] = [image('a'), image('b'), image('c')];
    sequencer.start([a, b, c], settings());

    // The first slide is prepared at once and appears after the minimum preparation time.
    expect(stage.events[0]).toMatchObject({ kind: 'prepare', layer: 0, src: a.src, play: true });
    await vi.advanceTimersByTimeAsync(MIN_PREFADE_MS);
    expect(stage.onScreen()).toBe(a.src);
    // When its fade ends, the next slide is loaded into the other layer, still hidden.
    await vi.advanceTimersByTimeAsync(300);
    expect(stage.events.at(-1)).toMatchObject({ kind: 'prepare', layer: 1, src: b.src });
    expect(stage.onScreen()).toBe(a.src);

    await vi.advanceTimersByTimeAsync(4000);
    expect(stage.shows()).toEqual([
      [350, a.src],
      [1350, b.src],
      [2350, c.src],
      [3350, a.src],
      [4350, b.src],
    ]);
    // Layers alternate and each show fades over transitionDuration.
    const shows = stage.events.filter((event) => event.kind === 'show');
    expect(shows.map((event) => event.layer)).toEqual([0, 1, 0, 1, 0]);
    expect(shows.every((event) => event.fadeMs === 300)).toBe(true);
    // The layer that faded out is emptied once the fade is over.
    expect(stage.events.filter((event) => event.kind === 'clear' && event.at === 1650)).toEqual([{ at: 1650, kind: 'clear', layer: 0 }]);
    sequencer.stop();
  });

  it('loops back to the first slide after the last', async () => {
    const { stage, sequencer } = setup();
    sequencer.start([image('a'), image('b')], settings());
    await vi.advanceTimersByTimeAsync(350 + 4 * 1000);
    expect(stage.shows().map(([, src]) => src)).toEqual(['a', 'b', 'a', 'b', 'a'].map((name) => image(name).src));
    sequencer.stop();
  });

  it('never fades sooner than the minimum preparation time, even when slides are ready at once', async () => {
    const { stage, sequencer } = setup(() => ({ readyAfter: 0 }));
    sequencer.start([image('a'), video('b'), image('c')], settings({ cycleTime: 0, transitionDuration: 0 }));
    await vi.advanceTimersByTimeAsync(20_000);
    const prepares = stage.events.filter((event) => event.kind === 'prepare');
    const shows = stage.events.filter((event) => event.kind === 'show');
    expect(shows.length).toBeGreaterThan(40);
    shows.forEach((show, i) => expect(show.at - prepares[i]!.at).toBeGreaterThanOrEqual(MIN_PREFADE_MS));
    sequencer.stop();
  });

  it('waits for a slow slide until it is ready, up to the readiness limit', async () => {
    const { stage, sequencer } = setup((src) => ({ readyAfter: src.includes('slow') ? 2500 : 100 }));
    sequencer.start([image('a'), video('slow')], settings());
    await vi.advanceTimersByTimeAsync(4000);
    // Prepared at 650, due at 1350, ready at 3150: late, but inside the 3,000 ms allowance.
    expect(stage.shows()).toEqual([
      [350, image('a').src],
      [3150, video('slow').src],
    ]);
    expect(stage.events.some((event) => event.kind === 'blackout')).toBe(false);
    sequencer.stop();
  });

  it('covers the screen with black briefly when the next slide is not ready in time, then moves on', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 100 }));
    const [a, stuck, c] = [image('a'), video('stuck'), image('c')];
    sequencer.start([a, stuck, c], settings());
    await vi.advanceTimersByTimeAsync(350);
    expect(stage.onScreen()).toBe(a.src);

    // `stuck` is prepared at 650 and given until 650 + READY_WAIT_MS.
    const deadline = 650 + READY_WAIT_MS;
    await vi.advanceTimersByTimeAsync(deadline - 350 - 1);
    expect(stage.black).toBe(false);
    expect(stage.onScreen()).toBe(a.src);
    await vi.advanceTimersByTimeAsync(1);
    expect(stage.black).toBe(true);
    // Its layer is emptied at once (a stuck video must not keep its decoder) and `c` takes the turn.
    expect(stage.events.filter((event) => event.at === deadline).map((event) => event.kind)).toEqual(['clear', 'blackout', 'prepare']);
    expect(stage.events.at(-1)).toMatchObject({ kind: 'prepare', src: c.src });

    await vi.advanceTimersByTimeAsync(BLACKOUT_MS);
    expect(stage.onScreen()).toBe(c.src);
    expect(stage.black).toBe(false);
    expect(stage.shows().at(-1)).toEqual([deadline + BLACKOUT_MS, c.src]);
    sequencer.stop();
  });

  it('lifts the black overlay after a moment even when the following slide is also late', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 100 }));
    sequencer.start([image('a'), video('stuck-1'), video('stuck-2')], settings());
    await vi.advanceTimersByTimeAsync(650 + READY_WAIT_MS);
    expect(stage.black).toBe(true);
    await vi.advanceTimersByTimeAsync(BLACKOUT_MS);
    expect(stage.black).toBe(false);
    expect(stage.onScreen()).toBe(image('a').src);
    sequencer.stop();
  });

  it('skips a slide that fails to load, without a black overlay, and never asks for it again', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('broken') ? 'fail' : { readyAfter: 100 }));
    const [a, broken, c] = [image('a'), image('broken'), image('c')];
    sequencer.start([a, broken, c], settings());
    await vi.advanceTimersByTimeAsync(350 + 4000);
    expect(stage.shows()).toEqual([
      [350, a.src],
      [1350, c.src],
      [2350, a.src],
      [3350, c.src],
      [4350, a.src],
    ]);
    expect(stage.events.filter((event) => event.kind === 'prepare' && event.src === broken.src)).toHaveLength(1);
    expect(stage.black).toBe(false);
    sequencer.stop();
  });

  it('shows the default background when every slide is broken, with nothing left running', async () => {
    const { stage, sequencer } = setup(() => 'fail');
    sequencer.start([image('a'), video('b')], settings());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stage.onScreen()).toBeNull();
    expect(stage.events.filter((event) => event.kind === 'prepare')).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds a single slide still: no further loading and no timers', async () => {
    const { stage, sequencer } = setup();
    sequencer.start([video('only')], settings());
    await vi.advanceTimersByTimeAsync(350 + 300);
    expect(stage.onScreen()).toBe(video('only').src);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stage.events.filter((event) => event.kind === 'prepare')).toHaveLength(1);
    expect(stage.events.filter((event) => event.kind === 'prepare')[0]).toMatchObject({ play: true });
  });

  it('keeps loading a lone slide that is slow instead of starting it over', async () => {
    const { stage, sequencer } = setup(() => ({ readyAfter: 7000 }));
    sequencer.start([video('big')], settings());
    await vi.advanceTimersByTimeAsync(6999);
    expect(stage.onScreen()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(stage.onScreen()).toBe(video('big').src);
    expect(stage.events.filter((event) => event.kind === 'prepare')).toHaveLength(1);
    expect(stage.black).toBe(false);
  });

  it('keeps the slide on screen and waits for the only other one when it is late, instead of starting it over', async () => {
    // One image and one large video: the video's download must not be thrown away every few seconds.
    const { stage, sequencer } = setup((src) => (src.includes('big') ? { readyAfter: 10_000 - 650 } : { readyAfter: 10 }));
    const [a, big] = [image('a'), video('big')];
    sequencer.start([a, big], settings());
    await vi.advanceTimersByTimeAsync(10_000 - 1);
    // `big` was prepared once, at 650, and is still loading long past the readiness limit.
    expect(stage.events.filter((event) => event.kind === 'prepare' && event.src === big.src)).toEqual([
      { at: 650, kind: 'prepare', layer: 1, src: big.src, play: true },
    ]);
    expect(stage.events.some((event) => event.kind === 'blackout' || (event.kind === 'clear' && event.layer === 1))).toBe(false);
    expect(stage.onScreen()).toBe(a.src);
    // Nothing of the sequencer's is pending: only the stage's loading delay.
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(stage.shows()).toEqual([
      [350, a.src],
      [10_000, big.src],
    ]);
    // And the show carries on as usual.
    await vi.advanceTimersByTimeAsync(300 + 1000);
    expect(stage.onScreen()).toBe(a.src);
    expect(stage.black).toBe(false);
    sequencer.stop();
  });

  it('waits the same way in random order', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 10 }), seeded(3));
    sequencer.start([image('a'), video('stuck')], settings({ randomOrder: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    const prepares = stage.events.filter((event) => event.kind === 'prepare');
    expect(prepares.filter((event) => event.src === video('stuck').src)).toHaveLength(1);
    expect(prepares).toHaveLength(2);
    expect(stage.events.some((event) => event.kind === 'blackout')).toBe(false);
    expect(stage.shows()).toHaveLength(1);
    expect(stage.onScreen()).not.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    sequencer.stop();
  });

  it('holds the slide on screen still when the only other one is broken', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('broken') ? 'fail' : { readyAfter: 10 }));
    const [a, broken] = [image('a'), video('broken')];
    sequencer.start([a, broken], settings());
    await vi.advanceTimersByTimeAsync(350 + 300);
    expect(stage.onScreen()).toBe(a.src);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stage.onScreen()).toBe(a.src);
    expect(stage.shows()).toEqual([[350, a.src]]);
    expect(stage.events.filter((event) => event.kind === 'prepare').map((event) => event.src)).toEqual([a.src, broken.src]);
    expect(stage.events.some((event) => event.kind === 'blackout')).toBe(false);
    expect(stage.mediaCount()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    sequencer.stop();
  });

  it('with two late slides besides the one on screen, tries them in turn behind a brief black cut', async () => {
    const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 10 }));
    const [a, stuck1, stuck2] = [image('a'), video('stuck-1'), video('stuck-2')];
    sequencer.start([a, stuck1, stuck2], settings());
    await vi.advanceTimersByTimeAsync(30_000);
    const prepared = stage.events.flatMap((event) => (event.kind === 'prepare' ? [event.src] : []));
    expect(prepared.slice(0, 5)).toEqual([a.src, stuck1.src, stuck2.src, stuck1.src, stuck2.src]);
    // Each turn given up is covered by a black cut that lifts after BLACKOUT_MS.
    const blackouts = stage.events.filter((event) => event.kind === 'blackout');
    expect(blackouts.length).toBeGreaterThanOrEqual(8);
    blackouts.forEach((event, i) => expect(event).toMatchObject({ on: i % 2 === 0 }));
    expect(stage.shows()).toEqual([[350, a.src]]);
    expect(stage.mediaCount()).toBeLessThanOrEqual(2);
    sequencer.stop();
  });

  it('in random order, a late slide gives its turn to another rather than being loaded again at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 10 }), seeded(seed));
        sequencer.start([image('a'), video('stuck'), image('c'), image('d')], settings({ randomOrder: true }));
        await vi.advanceTimersByTimeAsync(20_000);
        const prepared = stage.events.flatMap((event) => (event.kind === 'prepare' ? [event.src] : []));
        prepared.slice(1).forEach((src, i) => {
          if (src === video('stuck').src) expect(prepared[i]).not.toBe(src);
        });
        sequencer.stop();
      }),
      { numRuns: 40 },
    );
  });

  it('does nothing with an empty list', async () => {
    const { stage, sequencer } = setup();
    sequencer.start([], settings());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stage.onScreen()).toBeNull();
    expect(stage.events.filter((event) => event.kind === 'prepare')).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  describe('in random order', () => {
    it('never shows the same slide twice in a row, also across reshuffles', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2, max: 7 }), fc.integer(), async (count, seed) => {
          const { stage, sequencer } = setup(() => ({ readyAfter: 10 }), seeded(seed));
          const slides = Array.from({ length: count }, (_, i) => image(`s${i}`));
          // One show every 400 ms: 50 ms of fade, then the 350 ms minimum preparation.
          sequencer.start(slides, settings({ cycleTime: 100, transitionDuration: 50, randomOrder: true }));
          await vi.advanceTimersByTimeAsync(count * 10 * 400);
          const shown = stage.shows().map(([, src]) => src);
          expect(shown.length).toBeGreaterThanOrEqual(count * 9);
          shown.slice(1).forEach((src, i) => expect(src).not.toBe(shown[i]));
          // Every round of `count` shows holds each slide once.
          for (let round = 0; round + count <= shown.length; round += count) {
            expect(new Set(shown.slice(round, round + count)).size).toBe(count);
          }
          sequencer.stop();
        }),
        { numRuns: 60 },
      );
    });

    it('alternates two slides', async () => {
      const { stage, sequencer } = setup(undefined, seeded(7));
      sequencer.start([image('a'), image('b')], settings({ randomOrder: true }));
      await vi.advanceTimersByTimeAsync(350 + 9000);
      const shown = stage.shows().map(([, src]) => src);
      expect(shown).toHaveLength(10);
      shown.slice(1).forEach((src, i) => expect(src).not.toBe(shown[i]));
      sequencer.stop();
    });
  });

  describe('with reduced motion', () => {
    it('shows the first slide still, without a fade and without playing video', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([image('a'), image('b')], settings(), { still: true });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(stage.shows()).toEqual([[350, image('a').src]]);
      expect(stage.events.find((event) => event.kind === 'show')).toMatchObject({ fadeMs: 0 });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('prefers the first image over videos before it', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([video('v'), image('a'), image('b')], settings({ randomOrder: true }), { still: true });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stage.shows().map(([, src]) => src)).toEqual([image('a').src]);
    });

    it('holds a video on its first frame when there is no image', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([video('v1'), video('v2')], settings(), { still: true });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stage.shows().map(([, src]) => src)).toEqual([video('v1').src]);
      expect(stage.events.find((event) => event.kind === 'prepare')).toMatchObject({ play: false });
    });

    it('waits for the last candidate when the others were late, instead of giving up on the slideshow', async () => {
      const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 5000 }));
      sequencer.start([video('stuck'), video('slow')], settings(), { still: true });
      // `stuck` is given up at 3000; `slow`, prepared then, is ready at 8000, past its own limit.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stage.shows()).toEqual([[8000, video('slow').src]]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('falls back to the next image when the first is broken', async () => {
      const { stage, sequencer } = setup((src) => (src.includes('broken') ? 'fail' : { readyAfter: 100 }));
      sequencer.start([image('broken'), video('v'), image('b')], settings(), { still: true });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stage.shows().map(([, src]) => src)).toEqual([image('b').src]);
    });
  });

  describe('when the tab is hidden', () => {
    it('stops every timer and pauses video, then carries on where it was', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([image('a'), video('b'), image('c')], settings());
      await vi.advanceTimersByTimeAsync(950); // a shown at 350; b preparing since 650, due at 1350

      sequencer.pause();
      expect(vi.getTimerCount()).toBe(0);
      expect(stage.playing).toBe(false);
      // The half-prepared slide is dropped, so a hidden tab holds no decoder for it.
      expect(stage.mediaCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(stage.shows()).toHaveLength(1);

      sequencer.resume();
      expect(stage.playing).toBe(true);
      // 400 ms of a's turn were left; b keeps its turn.
      await vi.advanceTimersByTimeAsync(399);
      expect(stage.onScreen()).toBe(image('a').src);
      await vi.advanceTimersByTimeAsync(1);
      expect(stage.onScreen()).toBe(video('b').src);
      sequencer.stop();
    });

    it('pausing mid-fade finishes the fade, so only the visible layer keeps media', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([image('a'), image('b')], settings({ cycleTime: 3000, transitionDuration: 1000 }));
      await vi.advanceTimersByTimeAsync(3350 + 500); // b began fading in over a at 3350
      expect(stage.mediaCount()).toBe(2);
      sequencer.pause();
      expect(stage.mediaCount()).toBe(1);
      expect(stage.onScreen()).toBe(image('b').src);
      expect(vi.getTimerCount()).toBe(0);
      sequencer.resume();
      // b's turn ends 3000 ms after it appeared, of which 2500 ms were left.
      await vi.advanceTimersByTimeAsync(2499);
      expect(stage.onScreen()).toBe(image('b').src);
      await vi.advanceTimersByTimeAsync(1);
      expect(stage.onScreen()).toBe(image('a').src);
      sequencer.stop();
    });

    it('a list that arrives while hidden starts when the tab is visible again', async () => {
      const { stage, sequencer } = setup();
      sequencer.pause();
      sequencer.start([image('a'), image('b')], settings());
      await vi.advanceTimersByTimeAsync(5000);
      expect(stage.events.filter((event) => event.kind === 'prepare')).toEqual([]);
      sequencer.resume();
      await vi.advanceTimersByTimeAsync(350);
      expect(stage.onScreen()).toBe(image('a').src);
      sequencer.stop();
    });
  });

  describe('a new list', () => {
    it('fades over the slide on screen instead of flashing back to the default', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([image('a'), image('b')], settings());
      await vi.advanceTimersByTimeAsync(350 + 300);
      sequencer.start([image('x'), image('y')], settings());
      expect(stage.onScreen()).toBe(image('a').src);
      await vi.advanceTimersByTimeAsync(350);
      expect(stage.onScreen()).toBe(image('x').src);
      await vi.advanceTimersByTimeAsync(300 + 1000);
      expect(stage.onScreen()).toBe(image('y').src);
      sequencer.stop();
    });

    it('an empty one returns the page to its default background', async () => {
      const { stage, sequencer } = setup();
      sequencer.start([image('a'), image('b')], settings());
      await vi.advanceTimersByTimeAsync(1000);
      sequencer.start([], settings());
      expect(stage.onScreen()).toBeNull();
      expect(stage.mediaCount()).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('cleanup', () => {
    it('stop() leaves no timer and no media, whatever phase it interrupts', async () => {
      for (const at of [0, 100, 350, 500, 650, 1000, 1350, 1500, 4000]) {
        const { stage, sequencer } = setup((src) => (src.includes('stuck') ? 'never' : { readyAfter: 100 }));
        sequencer.start([image('a'), image('b'), video('stuck')], settings());
        await vi.advanceTimersByTimeAsync(at);
        sequencer.stop();
        expect(vi.getTimerCount()).toBe(0);
        expect(stage.mediaCount()).toBe(0);
        expect(stage.onScreen()).toBeNull();
        await vi.advanceTimersByTimeAsync(10_000);
        expect(stage.shows().every(([time]) => time <= at)).toBe(true);
      }
    });

    it('hours of cycling keep at most two slides loaded and never pile up timers', async () => {
      const { stage, sequencer } = setup((src) => (src.includes('broken') ? 'fail' : src.includes('stuck') ? 'never' : { readyAfter: 200 }));
      sequencer.start(
        [image('a'), video('b'), image('broken'), video('stuck'), image('e')],
        settings({ cycleTime: 1000, transitionDuration: 500, randomOrder: true }),
      );
      let maxTimers = 0;
      let maxMedia = 0;
      for (let second = 0; second < 3 * 3600; second++) {
        await vi.advanceTimersByTimeAsync(1000);
        maxTimers = Math.max(maxTimers, vi.getTimerCount());
        maxMedia = Math.max(maxMedia, stage.mediaCount());
      }
      // One for the sequencer, one for the fake stage's loading delay.
      expect(maxTimers).toBeLessThanOrEqual(2);
      expect(maxMedia).toBeLessThanOrEqual(2);
      expect(stage.shows().length).toBeGreaterThan(3 * 3600 * 0.3);
      sequencer.stop();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
