// Logs on a terminal are lines for a person; anywhere else they stay pino's JSON.
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-destination';

function terminal(isTTY: boolean) {
  const out = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
}

describe('log destination', () => {
  it('writes readable lines to a terminal: time, level, message and fields, no JSON', async () => {
    const { out, text } = terminal(true);
    const destination = await logDestination(out);
    expect(destination).toBeDefined();
    pino({}, destination!).info({ userId: 'u1' }, 'administrator created');
    await expect.poll(text).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: .*administrator created/);
    expect(text()).toContain('userId: "u1"');
    expect(text()).not.toContain('"level"');
    expect(text()).not.toContain('hostname');
  });

  it('leaves pino its JSON when the output is a pipe, a file or a service manager', async () => {
    expect(await logDestination(terminal(false).out)).toBeUndefined();
  });
});
