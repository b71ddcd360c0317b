// CPU time a process has spent, its main thread apart from its other threads (argon2's and the
// file system's thread pool, V8's helpers), from Linux's per-thread scheduler statistics.
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadCpu {
  mainMs: number;
  otherThreadsMs: number;
}

/**
 * The CPU time `pid`'s threads have run so far, in ms (Linux: /proc/<pid>/task/<tid>/schedstat, in
 * ns). Meant for threads that live as long as the process, as Node's thread pool and V8's helpers do.
 */
function threadCpu(pid: number): ThreadCpu {
  const spent: ThreadCpu = { mainMs: 0, otherThreadsMs: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let ns: number;
    try {
      ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      continue; // the thread ended between the listing and the read
    }
    if (Number(tid) === pid) spent.mainMs += ns / 1e6;
    else spent.otherThreadsMs += ns / 1e6;
  }
  return spent;
}

/** Starts measuring `pid`'s threads: the function returned answers what they have spent since. */
export function threadCpuMeter(pid: number): () => ThreadCpu {
  const before = threadCpu(pid);
  return () => {
    const now = threadCpu(pid);
    return { mainMs: now.mainMs - before.mainMs, otherThreadsMs: now.otherThreadsMs - before.otherThreadsMs };
  };
}
