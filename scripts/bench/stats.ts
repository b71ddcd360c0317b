// Small statistics helpers for the benchmark report.
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const fmt = (value: number, digits = 1) => value.toFixed(digits);

/** The 95th percentile, in ms, of `samples` sequential runs of `run`. */
export async function p95OfRuns(samples: number, run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return percentile(times, 95);
}
