// The speed of an upload and the time it has left, for its row ("2.4 MB/s · 1 min 20 s left"):
// measured over the last few seconds of progress, so that a pause or a slow patch shows soon and an
// old burst does not linger.
import { formatBytes } from '@shared/media';

/** How far back the speed looks. */
const WINDOW_MS = 5000;

export class SpeedMeter {
  private samples: Array<{ at: number; bytes: number }> = [];

  /** Records that `bytes` have gone at `at` (milliseconds). */
  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
  }

  /** Forgets what was measured (after a pause: the time stopped is no slowness). */
  reset(): void {
    this.samples = [];
  }

  /** Bytes a second over the window; null until there is a second sample a moment after the first. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 250) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }
}

/** 45 s, 1 min 20 s, 2 h 5 min. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** "2.4 MB/s · 1 min 20 s left", or null while the speed is not known yet (or nothing moves). */
export function describeSpeed(bytesPerSecond: number | null, bytesLeft: number): string | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null;
  return `${formatBytes(Math.round(bytesPerSecond))}/s · ${formatTimeLeft(bytesLeft / bytesPerSecond)} left`;
}
