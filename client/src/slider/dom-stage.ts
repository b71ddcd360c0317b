// The SlideStage in a real page: two layer elements that each hold at most one <img> or <video>,
// and a black overlay. Everything a slide allocates (element, listeners, decoder) is released in
// clear(), which the sequencer calls for every layer it leaves behind.
import type { Slide } from '@shared/slider';
import type { LayerId, PrepareOptions, Readiness, SlideStage } from './sequencer';

interface LayerMedia {
  element: HTMLImageElement | HTMLVideoElement;
  /** Whether this video should play while shown (false under reduced motion). */
  play: boolean;
  shown: boolean;
  /** Settles a preparation still in progress as 'failed' and removes its listeners. */
  abandon: () => void;
}

export interface DomStageElements {
  layers: [HTMLElement, HTMLElement];
  blackout: HTMLElement;
}

const MEDIA_CLASS = 'background-slider__media';
const FRONT = 'background-slider__layer--front';
const SHOWN = 'background-slider__layer--shown';
const BLACKOUT_ON = 'background-slider__blackout--on';

/** play() rejects when a pause or a cleared src interrupts it; that is expected, not an error. */
function play(video: HTMLVideoElement) {
  video.play()?.catch(() => {});
}

export class DomStage implements SlideStage {
  private readonly media: [LayerMedia | null, LayerMedia | null] = [null, null];
  private showing = false;

  constructor(
    private readonly elements: DomStageElements,
    /** Told when the page goes from its default background to a slide and back. */
    private readonly onShowingChange: (showing: boolean) => void = () => {},
  ) {}

  prepare(layer: LayerId, slide: Slide, options: PrepareOptions): Promise<Readiness> {
    this.clear(layer);
    return new Promise<Readiness>((resolve) => {
      const element = slide.type === 'video' ? this.createVideo() : this.createImage();
      let settled = false;
      const events = slide.type === 'video' ? ['canplay', 'canplaythrough', 'error'] : [];
      const onEvent = (event: Event) => settle(event.type === 'error' ? 'failed' : 'ready');
      const settle = (result: Readiness) => {
        if (settled) return;
        settled = true;
        for (const type of events) element.removeEventListener(type, onEvent);
        resolve(result);
      };
      this.media[layer] = { element, play: options.play, shown: false, abandon: () => settle('failed') };
      for (const type of events) element.addEventListener(type, onEvent);
      element.setAttribute('src', slide.src);
      if (element instanceof HTMLImageElement) {
        // decode() resolves once the picture can be painted without a blank or half-drawn frame.
        element.decode().then(
          () => settle('ready'),
          () => settle('failed'),
        );
      }
      this.elements.layers[layer].append(element);
    });
  }

  show(layer: LayerId, fadeMs: number): void {
    const element = this.elements.layers[layer];
    const other = this.elements.layers[layer === 0 ? 1 : 0];
    // The new layer fades in over the old one, which stays fully visible beneath until it is
    // cleared: a cross-fade of two half-transparent pictures would dim the screen midway.
    element.style.transitionDuration = `${fadeMs}ms`;
    element.classList.add(FRONT, SHOWN);
    other.classList.remove(FRONT);
    const media = this.media[layer];
    if (media) {
      media.shown = true;
      if (media.play && media.element instanceof HTMLVideoElement) play(media.element);
    }
    this.updateShowing();
  }

  clear(layer: LayerId): void {
    const element = this.elements.layers[layer];
    element.style.transitionDuration = '0ms';
    element.classList.remove(FRONT, SHOWN);
    const media = this.media[layer];
    this.media[layer] = null;
    if (media) {
      media.abandon();
      if (media.element instanceof HTMLVideoElement) {
        // Without removing the source and reloading, Chromium keeps the decoder and its buffers
        // alive for as long as anything still references the element.
        media.element.pause();
        media.element.removeAttribute('src');
        media.element.load();
      } else {
        media.element.removeAttribute('src');
      }
      media.element.remove();
    }
    this.updateShowing();
  }

  blackout(on: boolean, fadeMs: number): void {
    this.elements.blackout.style.transitionDuration = `${fadeMs}ms`;
    this.elements.blackout.classList.toggle(BLACKOUT_ON, on);
  }

  setPlaying(playing: boolean): void {
    for (const media of this.media) {
      if (!media || !(media.element instanceof HTMLVideoElement)) continue;
      if (!playing) media.element.pause();
      else if (media.play && media.shown) play(media.element);
    }
  }

  private createImage(): HTMLImageElement {
    const image = new Image();
    image.className = MEDIA_CLASS;
    image.alt = '';
    image.decoding = 'async';
    image.draggable = false;
    return image;
  }

  private createVideo(): HTMLVideoElement {
    const video = document.createElement('video');
    video.className = MEDIA_CLASS;
    // Muted and inline are what let browsers autoplay it; the attributes matter to iOS Safari.
    video.muted = true;
    video.defaultMuted = true;
    video.playsInline = true;
    video.setAttribute('playsinline', '');
    // Every video loops: a clip shorter than its turn would otherwise freeze on its last frame,
    // and a playlist of one video plays on forever.
    video.loop = true;
    video.preload = 'auto';
    video.disablePictureInPicture = true;
    video.disableRemotePlayback = true;
    video.tabIndex = -1;
    return video;
  }

  private updateShowing() {
    const showing = this.media.some((media) => media?.shown === true);
    if (showing === this.showing) return;
    this.showing = showing;
    this.onShowingChange(showing);
  }
}
