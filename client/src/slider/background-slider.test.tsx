// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSliderData } from '@shared/slider';
import { BackgroundLayer } from '../app/background-layer';
import { BackgroundSlider } from './background-slider';
import { PUBLIC_SLIDER_URL } from './use-public-slider-data';

const config = { activePlaylist: 'p1', cycleTime: 1000, transitionDuration: 200, overlayOpacity: 0.4, overlayColor: '10,20,30', randomOrder: false };

function sliderData(overrides: Partial<PublicSliderData> = {}): PublicSliderData {
  return {
    slides: [
      { type: 'image', src: '/media/image/a.jpg?v=1' },
      { type: 'image', src: '/media/image/b.jpg?v=1' },
    ],
    images: ['/media/image/a.jpg?v=1', '/media/image/b.jpg?v=1'],
    videos: [],
    config,
    ...overrides,
  };
}

/** Answers the public slider read with `data` (changeable between calls), as the server would. */
function serve(data: () => PublicSliderData) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(PUBLIC_SLIDER_URL);
    return new Response(JSON.stringify({ success: true, data: data() }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets the read finish and React render what it brought (act applies state updates on exit). */
const loaded = async () => {
  await advance(0);
  await advance(0);
};

function parts(container: HTMLElement) {
  const root = container.querySelector<HTMLElement>('.background-slider')!;
  return {
    root,
    layers: [...root.querySelectorAll<HTMLElement>('.background-slider__layer')],
    overlay: root.querySelector<HTMLElement>('.background-slider__overlay')!,
    media: () => [...root.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')],
    shownSrc: () => root.querySelector('.background-slider__layer--front.background-slider__layer--shown > *')?.getAttribute('src') ?? null,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the background slider', () => {
  it('reads the public data and cross-fades its slides under the configured overlay', async () => {
    const fetchMock = serve(() => sliderData());
    const { container } = render(<BackgroundSlider />);
    const slider = parts(container);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(slider.layers).toHaveLength(2);
    await loaded();
    expect(slider.root.dataset.showing).toBeUndefined();

    await advance(350);
    expect(slider.shownSrc()).toBe('/media/image/a.jpg?v=1');
    expect(slider.root.dataset.showing).toBe('true');
    expect(slider.overlay.style.backgroundColor).toBe('rgb(10, 20, 30)');
    expect(slider.overlay.style.opacity).toBe('0.4');
    expect(slider.layers[0]!.style.transitionDuration).toBe('200ms');

    await advance(1000);
    expect(slider.shownSrc()).toBe('/media/image/b.jpg?v=1');
    for (let i = 0; i < 20; i++) {
      await advance(250);
      expect(slider.media().length).toBeLessThanOrEqual(2);
    }
  });

  it('plays the images then the videos when the answer has no slides', async () => {
    serve(() => sliderData({ slides: [], images: ['/media/image/only.png'], videos: ['/media/video/clip.mp4'] }));
    const { container } = render(<BackgroundSlider />);
    await loaded();
    await advance(350);
    expect(parts(container).shownSrc()).toBe('/media/image/only.png');
  });

  it('shows the calm default, untinted, when there is nothing to play', async () => {
    serve(() => sliderData({ slides: [], images: [], videos: [] }));
    const { container } = render(<BackgroundLayer />);
    await advance(5000);
    const slider = parts(container);
    expect(container.querySelector('.background-layer')!.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.background-layer__stars')).toHaveLength(2);
    expect(slider.media()).toEqual([]);
    expect(slider.root.dataset.showing).toBeUndefined();
    expect(slider.overlay.style.opacity).toBe('0');
  });

  it('keeps the default background and only warns when the data cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not Found', { status: 404 })),
    );
    const { container } = render(<BackgroundSlider />);
    await advance(5000);
    expect(parts(container).media()).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('HTTP 404');
    warn.mockRestore();
  });

  it('reads again on focus and on becoming visible, restarting only when the data changed', async () => {
    let data = sliderData();
    const fetchMock = serve(() => data);
    const { container } = render(<BackgroundSlider />);
    const slider = parts(container);
    await loaded();
    await advance(350);
    const first = slider.media()[0];

    window.dispatchEvent(new Event('focus'));
    await loaded();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(slider.media()[0]).toBe(first);
    expect(slider.shownSrc()).toBe('/media/image/a.jpg?v=1');

    data = sliderData({ slides: [{ type: 'image', src: '/media/image/new.webp?v=2' }] });
    document.dispatchEvent(new Event('visibilitychange'));
    await loaded();
    await advance(350);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(slider.shownSrc()).toBe('/media/image/new.webp?v=2');
  });

  it('holds still while the tab is hidden', async () => {
    serve(() => sliderData());
    const { container } = render(<BackgroundSlider />);
    const slider = parts(container);
    await loaded();
    await advance(350);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await advance(10_000);
    expect(slider.shownSrc()).toBe('/media/image/a.jpg?v=1');

    hidden.mockReturnValue(false);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await advance(1000);
    expect(slider.shownSrc()).toBe('/media/image/b.jpg?v=1');
    hidden.mockRestore();
    visibility.mockRestore();
  });

  it('shows one still picture when the visitor prefers reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })),
    );
    serve(() => sliderData({ slides: [{ type: 'video', src: '/media/video/v.mp4' }, ...sliderData().slides] }));
    const { container } = render(<BackgroundSlider />);
    const slider = parts(container);
    await loaded();
    await advance(10_000);
    expect(slider.shownSrc()).toBe('/media/image/a.jpg?v=1');
    expect(slider.media()).toHaveLength(1);
    expect(slider.layers[0]!.style.transitionDuration).toBe('0ms');
  });

  it('cleans up after itself when unmounted', async () => {
    serve(() => sliderData());
    const { container, unmount } = render(<BackgroundSlider />);
    const slider = parts(container);
    await advance(1500);
    unmount();
    expect(slider.media()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
