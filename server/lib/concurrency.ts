// A counting semaphore: at most `limit` tasks run at once, the rest wait in arrival order.
export function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function acquire(): Promise<void> {
    if (running < limit) {
      running++;
      return;
    }
    // The releasing task hands its slot straight over, so `running` never overshoots.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}
