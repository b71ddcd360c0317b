// The slideshow's clock and memory, with no DOM of its own: it decides which slide comes next,
// when to load it, when to fade, and what to do when a slide is late or broken. It talks to the page
// through a SlideStage of two layers, so it runs under fake timers in tests exactly as in a browser.
//
// One slide cycle, with the slide on layer A and the next going to layer B:
//   show B (fade over transitionDuration) → clear A → prepare the next slide in A → wait until
//   the slide is due (cycleTime after B appeared) AND ready AND at least MIN_PREFADE_MS after its
//   preparation began → show A ...
// A slide that fails to load is skipped for as long as this list plays; one that is still not ready
// READY_WAIT_MS after its preparation began (or at its due time, if that is later) is dropped for this
// turn and a brief black overlay covers the screen while the next one loads, so the change of plan
// reads as a deliberate cut rather than a hang. A late slide with no other to take its turn (the only
// one of its list, or the only one besides the slide on screen) is simply awaited, however long it takes.
//
// At most one timer is pending at any moment, and every asynchronous answer carries a token, so an
// answer that arrives after a restart, a pause or a stop is recognised as stale and ignored.
import type { Slide } from '@shared/slider';
import { sequentialOrder, shuffledOrder, type Random, type SlideOrder } from './slide-order';
import { stillSlideIndex, type ShowSettings } from './slides';

/** How long a slide may take to become ready before it loses its turn (spec §9: video readiness wait). */
export const READY_WAIT_MS = 3000;
/** Preparation always gets this long before a fade, so a video has decoded past its first frames (spec §9). */
export const MIN_PREFADE_MS = 350;
/** How long the black overlay stays when a slide was not ready in time. */
export const BLACKOUT_MS = 800;
export const BLACKOUT_FADE_MS = 250;

export type LayerId = 0 | 1;
export type Readiness = 'ready' | 'failed';

export interface PrepareOptions {
  /** Play a video once shown; false holds it on its first frame. */
  play: boolean;
}

/** The two layers (and the black overlay) the sequencer drives. */
export interface SlideStage {
  /**
   * Loads `slide` into the hidden `layer`, replacing whatever it held. Resolves 'ready' once it can
   * appear without a blank or frozen frame, 'failed' if it cannot load. Clearing the layer abandons
   * the preparation (the promise may then settle either way; the sequencer no longer listens).
   */
  prepare(layer: LayerId, slide: Slide, options: PrepareOptions): Promise<Readiness>;
  /** Puts `layer` in front of the other and fades it in over `fadeMs` (the other stays visible beneath). */
  show(layer: LayerId, fadeMs: number): void;
  /** Hides `layer` at once and frees its media. */
  clear(layer: LayerId): void;
  blackout(on: boolean, fadeMs: number): void;
  /** Pauses or resumes the videos that are meant to play. */
  setPlaying(playing: boolean): void;
}

export interface SequencerOptions {
  /** For the shuffle; tests inject a seeded one. */
  random?: Random;
}

export interface StartOptions {
  /** prefers-reduced-motion: show one slide, without fading, without playing video. */
  still?: boolean;
}

interface Pending {
  layer: LayerId;
  index: number;
  token: number;
  ready: boolean;
  due: boolean;
  deadline: number;
}

const otherLayer = (layer: LayerId): LayerId => (layer === 0 ? 1 : 0);

/** Walks a fixed list of indices once (the still slide's candidates, best first). */
function fixedOrder(indices: number[]): SlideOrder {
  return {
    next(skip) {
      while (indices.length > 0) {
        const index = indices.shift()!;
        if (!skip(index)) return index;
      }
      return null;
    },
  };
}

export class Sequencer {
  private slides: readonly Slide[] = [];
  private settings: ShowSettings = { cycleTime: 0, transitionDuration: 0, randomOrder: false };
  private still = false;
  private order: SlideOrder = fixedOrder([]);
  /** Slides that failed to load; skipped until a new list starts. */
  private broken = new Set<number>();
  private running = false;
  private paused = false;

  /** The slide on screen; `index` is null when it is left over from the previous list. */
  private current: { layer: LayerId; index: number | null } | null = null;
  /** The layer fading out beneath `current`, cleared when the fade ends. */
  private fadingOut: LayerId | null = null;
  private pending: Pending | null = null;
  private blackedOut = false;
  /** When the next slide is due (Date.now() time), or null when nothing more will change. */
  private nextDue: number | null = null;
  /** While paused: how long after resuming the next slide is due, or null for never. */
  private resumeDelay: number | null = null;
  /** While paused: the slide whose preparation the pause interrupted; it keeps its turn. */
  private resumeIndex: number | null = null;

  private timer: ReturnType<typeof setTimeout> | undefined;
  private token = 0;
  private readonly random: Random;

  constructor(
    private readonly stage: SlideStage,
    options: SequencerOptions = {},
  ) {
    this.random = options.random ?? Math.random;
  }

  /**
   * Plays `slides` from the start. A slide already on screen stays until the first new one is ready
   * and fades over it, so changing the playlist never flashes the page back to its default.
   */
  start(slides: readonly Slide[], settings: ShowSettings, options: StartOptions = {}): void {
    this.cancelPending();
    this.clearTimer();
    this.finishFade();
    this.slides = slides;
    this.settings = settings;
    this.still = options.still ?? false;
    this.broken = new Set();
    this.resumeIndex = null;
    if (this.current) this.current.index = null;
    if (slides.length === 0) {
      this.running = false;
      this.clearScreen();
      return;
    }
    this.running = true;
    this.order = this.still
      ? fixedOrder(this.stillCandidates())
      : settings.randomOrder
        ? shuffledOrder(slides.length, this.random)
        : sequentialOrder(slides.length);
    if (this.paused) this.resumeDelay = 0;
    else this.attempt(Date.now());
  }

  /** The tab is hidden: no timers, no playing video. The slide on screen stays. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.clearTimer();
    // A half-loaded slide is loaded again on resume; holding a decoder for a hidden tab is waste.
    this.resumeIndex = this.pending?.index ?? null;
    this.cancelPending();
    this.finishFade();
    this.liftBlackout(0);
    this.resumeDelay = this.nextDue === null ? null : Math.max(0, this.nextDue - Date.now());
    this.nextDue = null;
    this.stage.setPlaying(false);
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.stage.setPlaying(true);
    const delay = this.resumeDelay;
    this.resumeDelay = null;
    if (this.running && delay !== null) this.attempt(Date.now() + delay);
  }

  /** Ends the show: no timers, both layers emptied, their media freed. */
  stop(): void {
    this.running = false;
    this.cancelPending();
    this.clearTimer();
    this.clearScreen();
    this.resumeDelay = null;
    this.resumeIndex = null;
  }

  private stillCandidates(): number[] {
    const first = stillSlideIndex(this.slides);
    const rest = this.slides.map((_, index) => index).filter((index) => index !== first);
    // Images before videos, so that a broken first image falls back to another still picture.
    rest.sort((a, b) => Number(this.slides[a]!.type === 'video') - Number(this.slides[b]!.type === 'video'));
    return first === null ? rest : [first, ...rest];
  }

  /**
   * The next slide in the order that is neither broken, nor on screen, nor `passOver`; null if none is.
   */
  private chooseNext(passOver: number | null = null): number | null {
    const shownIndex = this.current?.index ?? null;
    return this.order.next((i) => this.broken.has(i) || i === shownIndex || i === passOver);
  }

  /** Begins preparing `chosen` (by default the next slide); it appears no earlier than `due`. */
  private attempt(due: number, chosen?: number): void {
    const index = chosen ?? this.takeResumeIndex() ?? this.chooseNext();
    if (index === null) {
      // Nothing else can be shown: the slide on screen stays still (no timers), or, when it belongs to
      // a list that is gone, the page returns to its default.
      this.nextDue = null;
      this.liftBlackout(BLACKOUT_FADE_MS);
      if (this.current && this.current.index === null) this.clearScreen();
      return;
    }
    const now = Date.now();
    const dueAt = Math.max(due, now + MIN_PREFADE_MS);
    const pending: Pending = {
      layer: this.current ? otherLayer(this.current.layer) : 0,
      index,
      token: ++this.token,
      ready: false,
      due: false,
      deadline: Math.max(dueAt, now + READY_WAIT_MS),
    };
    this.pending = pending;
    this.nextDue = due;
    let readiness: Promise<Readiness>;
    try {
      readiness = this.stage.prepare(pending.layer, this.slides[index]!, { play: !this.still });
    } catch {
      readiness = Promise.resolve('failed');
    }
    readiness.then(
      (result) => this.prepared(pending.token, result),
      () => this.prepared(pending.token, 'failed'),
    );
    this.setTimer(dueAt - now, () => this.dueReached(pending.token));
  }

  private takeResumeIndex(): number | null {
    const index = this.resumeIndex;
    this.resumeIndex = null;
    return index;
  }

  private prepared(token: number, result: Readiness): void {
    const pending = this.pending;
    if (!pending || pending.token !== token) return;
    if (result === 'failed') {
      this.broken.add(pending.index);
      this.cancelPending();
      this.clearTimer();
      this.attempt(this.nextDue ?? Date.now());
      return;
    }
    pending.ready = true;
    if (pending.due) this.reveal();
  }

  private dueReached(token: number): void {
    const pending = this.pending;
    if (!pending || pending.token !== token) return;
    pending.due = true;
    if (pending.ready) {
      this.reveal();
      return;
    }
    // The black overlay is a brief cut, not a state: lift it even while the next slide is still loading.
    this.liftBlackout(BLACKOUT_FADE_MS);
    this.setTimer(pending.deadline - Date.now(), () => this.timedOut(token));
  }

  private timedOut(token: number): void {
    const pending = this.pending;
    if (!pending || pending.token !== token) return;
    const next = this.chooseNext(pending.index);
    if (next === null) {
      // No other slide can take the turn: giving this one up would only load it again from scratch
      // (and throw a large video's download away every few seconds, behind a black cut each time).
      // The slide on screen stays; this one appears whenever it is ready.
      return;
    }
    this.cancelPending();
    if (this.current) {
      this.stage.blackout(true, BLACKOUT_FADE_MS);
      this.blackedOut = true;
    }
    this.attempt(Date.now() + (this.current ? BLACKOUT_MS : 0), next);
  }

  private reveal(): void {
    const pending = this.pending!;
    this.pending = null;
    this.clearTimer();
    const fadeMs = this.still ? 0 : this.settings.transitionDuration;
    this.stage.show(pending.layer, fadeMs);
    this.liftBlackout(fadeMs);
    this.fadingOut = this.current?.layer ?? null;
    this.current = { layer: pending.layer, index: pending.index };
    if (this.still) {
      this.finishFade();
      this.nextDue = null;
      return;
    }
    const due = Date.now() + this.settings.cycleTime;
    this.nextDue = due;
    this.setTimer(fadeMs, () => {
      this.finishFade();
      this.attempt(due);
    });
  }

  private finishFade(): void {
    if (this.fadingOut === null) return;
    this.stage.clear(this.fadingOut);
    this.fadingOut = null;
  }

  private cancelPending(): void {
    if (!this.pending) return;
    this.token++;
    this.stage.clear(this.pending.layer);
    this.pending = null;
  }

  private liftBlackout(fadeMs: number): void {
    if (!this.blackedOut) return;
    this.stage.blackout(false, fadeMs);
    this.blackedOut = false;
  }

  private clearScreen(): void {
    this.stage.clear(0);
    this.stage.clear(1);
    this.liftBlackout(0);
    this.current = null;
    this.fadingOut = null;
    this.nextDue = null;
  }

  private setTimer(ms: number, callback: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        callback();
      },
      Math.max(0, ms),
    );
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
