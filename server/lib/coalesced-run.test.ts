import { describe, expect, it } from 'vitest';
import { coalescedRun } from './coalesced-run';

describe('a coalesced run', () => {
  it('runs once more after the run under way, however many requests came meanwhile, and never two at once', async () => {
    let runs = 0;
    let atOnce = 0;
    let most = 0;
    const run = coalescedRun(
      async () => {
        runs++;
        most = Math.max(most, ++atOnce);
        await new Promise((resolve) => setTimeout(resolve, 5));
        atOnce--;
      },
      (error) => {
        throw error;
      },
    );
    run.request();
    run.request();
    run.request();
    await run.idle();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('hands a failure to its handler, and runs again when asked', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const run = coalescedRun(
      async () => {
        if (++runs === 1) throw new Error('The database did not answer.');
      },
      (error) => failures.push(error),
    );
    run.request();
    await run.idle();
    run.request();
    await run.idle();
    expect(runs).toBe(2);
    expect(failures).toEqual([new Error('The database did not answer.')]);
  });
});
