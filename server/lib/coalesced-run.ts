// A task that many signals ask for (a timer, an event, a job's end) and that must never run twice
// at once: a request while it runs asks for one more run after it, however many come meanwhile.
export interface CoalescedRun {
  /** Runs the task now, or once more after the run under way. */
  request(): void;
  /** Settles when no run is under way or asked for. */
  idle(): Promise<void>;
}

/** `task`'s failures go to `onError`; they never stop later runs. */
export function coalescedRun(task: () => Promise<void>, onError: (error: unknown) => void): CoalescedRun {
  let running: Promise<void> | undefined;
  let again = false;
  const start = () => {
    again = false;
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) start();
      });
  };
  return {
    request() {
      if (running) again = true;
      else start();
    },
    async idle() {
      while (running) await running;
    },
  };
}
