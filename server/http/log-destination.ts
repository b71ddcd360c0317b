// Where the log lines go and in which shape: a person at a terminal reads pino-pretty's lines; a
// service manager, a pipe or a file gets pino's JSON, one object a line, which tools can parse.
import type { DestinationStream } from 'pino';

/** Pretty lines when `out` is a terminal; undefined (pino's own JSON to stdout) otherwise. */
export async function logDestination(out: NodeJS.WritableStream & { isTTY?: boolean }): Promise<DestinationStream | undefined> {
  if (!out.isTTY) return undefined;
  // Loaded only for a terminal, so a start under a service manager does not pay for it.
  const { default: pretty } = await import('pino-pretty');
  return pretty({ destination: out, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
