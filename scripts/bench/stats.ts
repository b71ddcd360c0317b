// Small statistics helpers for the benchmark report.
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const fmt = (value: number, digits = 1) => value.toFixed(digits);

/**
 * The times, in ms, of `samples` sequential runs of `run`, or of as many as fit in `budgetMs` (at
 * least 20), so that a slow case does not hold a section up for minutes.
 */
export async function timesOfRuns(samples: number, run: () => unknown, budgetMs = Infinity): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + budgetMs;
  for (let i = 0; i < samples && (i < 20 || performance.now() < end); i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/** The 95th percentile of timesOfRuns. */
export async function p95OfRuns(samples: number, run: () => unknown, budgetMs = Infinity): Promise<number> {
  return percentile(await timesOfRuns(samples, run, budgetMs), 95);
}

/** A small deterministic generator of numbers in [0, 1), so that every run draws the same ones. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
