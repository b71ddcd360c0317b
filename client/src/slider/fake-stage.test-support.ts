// Test support only (imported by sequencer.test.ts; never by the app): a SlideStage for the
// sequencer's tests. Slides become ready after a delay chosen per src (on the test's fake clock),
// fail, or never answer, and every call is recorded with the time it was made.
import type { Slide } from '@shared/slider';
import type { LayerId, PrepareOptions, Readiness, SlideStage } from './sequencer';

export type Behaviour = { readyAfter: number } | 'fail' | 'never';

export type StageEvent =
  | { at: number; kind: 'prepare'; layer: LayerId; src: string; play: boolean }
  | { at: number; kind: 'show'; layer: LayerId; src: string; fadeMs: number }
  | { at: number; kind: 'clear'; layer: LayerId }
  | { at: number; kind: 'blackout'; on: boolean }
  | { at: number; kind: 'playing'; playing: boolean };

type Unstamped<T> = T extends unknown ? Omit<T, 'at'> : never;

interface Layer {
  slide: Slide | null;
  visible: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class FakeStage implements SlideStage {
  readonly events: StageEvent[] = [];
  readonly layers: [Layer, Layer] = [
    { slide: null, visible: false, timer: undefined },
    { slide: null, visible: false, timer: undefined },
  ];
  front: LayerId | null = null;
  black = false;
  playing = true;

  constructor(
    private readonly behaviourOf: (src: string) => Behaviour = () => ({ readyAfter: 100 }),
    private readonly start = Date.now(),
  ) {}

  private log(event: Unstamped<StageEvent>) {
    this.events.push({ at: Date.now() - this.start, ...event } as StageEvent);
  }

  prepare(layer: LayerId, slide: Slide, options: PrepareOptions): Promise<Readiness> {
    this.clearLayer(layer);
    this.layers[layer].slide = slide;
    this.log({ kind: 'prepare', layer, src: slide.src, play: options.play });
    const behaviour = this.behaviourOf(slide.src);
    if (behaviour === 'never') return new Promise(() => {});
    if (behaviour === 'fail') return Promise.resolve('failed');
    return new Promise((resolve) => {
      this.layers[layer].timer = setTimeout(() => {
        this.layers[layer].timer = undefined;
        resolve('ready');
      }, behaviour.readyAfter);
    });
  }

  show(layer: LayerId, fadeMs: number): void {
    this.layers[layer].visible = true;
    this.front = layer;
    this.log({ kind: 'show', layer, src: this.layers[layer].slide?.src ?? '(empty)', fadeMs });
  }

  clear(layer: LayerId): void {
    this.clearLayer(layer);
    this.log({ kind: 'clear', layer });
  }

  blackout(on: boolean): void {
    this.black = on;
    this.log({ kind: 'blackout', on });
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.log({ kind: 'playing', playing });
  }

  private clearLayer(layer: LayerId) {
    clearTimeout(this.layers[layer].timer);
    this.layers[layer] = { slide: null, visible: false, timer: undefined };
    if (this.front === layer) this.front = null;
  }

  /** The src on top of the screen, or null for the default background. */
  onScreen(): string | null {
    if (this.front === null) return null;
    return this.layers[this.front].slide?.src ?? null;
  }

  /** Every `show`, as [time, src]. */
  shows(): Array<[number, string]> {
    return this.events.flatMap((event) => (event.kind === 'show' ? [[event.at, event.src] as [number, string]] : []));
  }

  mediaCount(): number {
    return this.layers.filter((layer) => layer.slide !== null).length;
  }
}
