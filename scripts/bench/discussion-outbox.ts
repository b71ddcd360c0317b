// The outbox figure (issue 36): the seeded mails are released at once (their jobs due now), the
// site's own worker sends them, in one process or two, to a real SMTP server on loopback, and the
// catcher counts each key's arrivals: every key exactly once, and the rate from the release to the
// last arrival.
import { readFileSync } from 'node:fs';
import type { SmtpCatcher } from '../../tests/support/smtp-catcher';
import { MAIL_KEY_PATTERN } from './discussion-seed';
import { fmt } from './stats';

/** How long the sends may stall (no new mail) before the figure gives up on the rest. */
const STALL_MS = 60_000;
/** How long the catcher is watched after the last key arrived, for a second copy of any. */
const AFTER_MS = 3_000;
const POLL_MS = 20;

export interface OutboxSite {
  catcher: SmtpCatcher;
  /** The site's processes, whose CPU time the sends take is counted. */
  pids: readonly number[];
  keys: readonly string[];
  /** Makes the parked mails' jobs due now. */
  release(now: number): Promise<void>;
  /** How many mails the database marks sent, and how many each process's worker sent (by its label). */
  sentRows(): Promise<{ sent: number; byProcess: Map<string, number> }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used, user and system (Linux; ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function outboxFigure(site: OutboxSite): Promise<void> {
  const wanted = new Set(site.keys);
  const arrivals = new Map<string, number>();
  let others = 0;
  let read = 0;
  let firstAt = NaN;
  let lastAt = NaN;
  const take = () => {
    const now = performance.now();
    for (const mail of site.catcher.mails.slice(read)) {
      const key = MAIL_KEY_PATTERN.exec(mail.body)?.[0];
      if (key === undefined || !wanted.has(key)) {
        // The site's own mails meanwhile (the module.opened pass at start): not the figure's.
        others++;
        continue;
      }
      arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
      if (Number.isNaN(firstAt)) firstAt = now;
      lastAt = now;
    }
    read = site.catcher.mails.length;
  };
  // The CPU time the site spends per mail: what a machine busy with other work cannot inflate, unlike the rate.
  const cpuBefore = site.pids.map(cpuSeconds);
  const released = performance.now();
  await site.release(Date.now());
  let progressAt = performance.now();
  while (arrivals.size < wanted.size && performance.now() - progressAt < STALL_MS) {
    await sleep(POLL_MS);
    const before = read;
    take();
    if (read > before) progressAt = performance.now();
  }
  const cpu = site.pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpuBefore[i]!, 0);
  await sleep(AFTER_MS);
  take();
  const twice = [...arrivals.values()].filter((n) => n > 1).length;
  const missing = wanted.size - arrivals.size;
  const seconds = (lastAt - released) / 1000;
  const { sent, byProcess } = await site.sentRows();
  const split = [...byProcess].map(([label, n]) => `${label} ${n.toLocaleString('en')}`).join(', ');
  console.log(
    `  outbox: ${arrivals.size.toLocaleString('en')} of ${wanted.size.toLocaleString('en')} keys arrived at the SMTP catcher, ${twice} more than once, ${missing} missing; ` +
      `${fmt(arrivals.size / seconds, 0)} mails/s from the release to the last arrival (${fmt(seconds, 1)} s; the first arrived after ${fmt((firstAt - released) / 1000, 2)} s); ` +
      `the site's CPU time ${fmt((cpu * 1000) / arrivals.size, 1)} ms a mail; the outbox marks ${sent.toLocaleString('en')} sent (sent by ${split}); other mails caught meanwhile: ${others}`,
  );
}
