// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomStage } from './dom-stage';

function setup() {
  const layers: [HTMLElement, HTMLElement] = [document.createElement('div'), document.createElement('div')];
  const blackout = document.createElement('div');
  document.body.append(...layers, blackout);
  const showing: boolean[] = [];
  const stage = new DomStage({ layers, blackout }, (value) => showing.push(value));
  return { stage, layers, blackout, showing };
}

const image = { type: 'image', src: '/media/image/a.jpg' } as const;
const video = { type: 'video', src: '/media/video/b.mp4' } as const;

beforeEach(() => {
  document.body.innerHTML = '';
});

const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  // Only this file's spies: the console.error guard restores its own.
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe('the page stage', () => {
  it('decodes an image before calling it ready, and shows it by fading its layer in front', async () => {
    const decode = vi.spyOn(HTMLImageElement.prototype, 'decode');
    spies.push(decode);
    const { stage, layers, showing } = setup();
    await expect(stage.prepare(0, image, { play: true })).resolves.toBe('ready');
    expect(decode).toHaveBeenCalledOnce();
    const img = layers[0].querySelector('img')!;
    expect(img.getAttribute('src')).toBe(image.src);
    expect(img.alt).toBe('');
    expect(layers[0].classList.contains('background-slider__layer--shown')).toBe(false);

    stage.show(0, 1500);
    expect(layers[0].style.transitionDuration).toBe('1500ms');
    expect(layers[0].className).toContain('background-slider__layer--front');
    expect(layers[0].className).toContain('background-slider__layer--shown');
    expect(showing).toEqual([true]);
  });

  it('reports an image that cannot be decoded as failed', async () => {
    spies.push(vi.spyOn(HTMLImageElement.prototype, 'decode').mockRejectedValue(new DOMException('broken', 'EncodingError')));
    const { stage } = setup();
    await expect(stage.prepare(0, image, { play: true })).resolves.toBe('failed');
  });

  it('prepares a muted, inline, looping video and calls it ready at canplay', async () => {
    const { stage, layers } = setup();
    const ready = stage.prepare(1, video, { play: true });
    const element = layers[1].querySelector('video')!;
    expect(element.muted).toBe(true);
    expect(element.playsInline).toBe(true);
    expect(element.loop).toBe(true);
    expect(element.paused).toBe(true);
    element.dispatchEvent(new Event('canplay'));
    await expect(ready).resolves.toBe('ready');

    // It starts playing when shown, not while it waits hidden.
    stage.show(1, 0);
    expect(element.paused).toBe(false);
    stage.setPlaying(false);
    expect(element.paused).toBe(true);
    stage.setPlaying(true);
    expect(element.paused).toBe(false);
  });

  it('reports a video that errors as failed', async () => {
    const { stage, layers } = setup();
    const ready = stage.prepare(0, video, { play: true });
    layers[0].querySelector('video')!.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBe('failed');
  });

  it('holds a video that must not play on its first frame, even when playback resumes', async () => {
    const { stage, layers } = setup();
    const ready = stage.prepare(0, video, { play: false });
    const element = layers[0].querySelector('video')!;
    element.dispatchEvent(new Event('canplaythrough'));
    await ready;
    stage.show(0, 0);
    stage.setPlaying(true);
    expect(element.paused).toBe(true);
  });

  it('frees a discarded video: source removed, reloaded, out of the page', async () => {
    const { stage, layers, showing } = setup();
    const ready = stage.prepare(0, video, { play: true });
    const element = layers[0].querySelector('video')!;
    element.dispatchEvent(new Event('canplay'));
    await ready;
    stage.show(0, 0);
    const load = vi.spyOn(element, 'load');
    stage.clear(0);
    expect(element.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalledOnce();
    expect(element.isConnected).toBe(false);
    expect(element.paused).toBe(true);
    expect(layers[0].className).not.toContain('background-slider__layer--shown');
    expect(showing).toEqual([true, false]);
  });

  it('abandons a preparation when its layer is cleared, and keeps one element per layer', async () => {
    const { stage, layers } = setup();
    const first = stage.prepare(0, video, { play: true });
    const second = stage.prepare(0, image, { play: true });
    await expect(first).resolves.toBe('failed');
    await expect(second).resolves.toBe('ready');
    expect(layers[0].children).toHaveLength(1);
    expect(layers[0].firstElementChild!.tagName).toBe('IMG');
  });

  it('fades the black overlay in and out', () => {
    const { stage, blackout } = setup();
    stage.blackout(true, 250);
    expect(blackout.className).toContain('background-slider__blackout--on');
    expect(blackout.style.transitionDuration).toBe('250ms');
    stage.blackout(false, 0);
    expect(blackout.className).not.toContain('background-slider__blackout--on');
  });
});
