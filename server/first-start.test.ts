// The first start tells the operator where to go, where the data is and how to get an admin: as
// text on a terminal, as one JSON log line elsewhere.
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { announceFirstStart, firstStartText, siteUrl, type FirstStart } from './first-start';

const facts: FirstStart = {
  url: 'http://127.0.0.1:3000',
  dataDir: '/srv/site',
  adminEmail: undefined,
  adminCommand: 'quantum-site admin create --data /srv/site --email you@example.com --name "Your Name"',
};

function capture(isTTY: boolean) {
  const out = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
}

describe('the first-start notice', () => {
  it('gives the address a browser here opens, wildcards and IPv6 included', () => {
    expect(siteUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(siteUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(siteUrl('::', 8080)).toBe('http://localhost:8080');
    expect(siteUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(siteUrl('courses.example.com', 80)).toBe('http://courses.example.com:80');
  });

  it('says where to open, where the data lives and how to create the first admin', () => {
    const text = firstStartText(facts);
    expect(text).toContain('Open   http://127.0.0.1:3000');
    expect(text).toContain('Data   /srv/site');
    expect(text).toContain(`           ${facts.adminCommand}`);
    expect(text).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('names the admin ADMIN_EMAIL created instead of how to create one', () => {
    const text = firstStartText({ ...facts, adminEmail: 'root@example.com' });
    expect(text).toContain('Admin  root@example.com (from ADMIN_EMAIL)');
    expect(text).not.toContain('admin create');
  });

  it('prints the text on a terminal, and only there', () => {
    const terminal = capture(true);
    const logged = capture(false);
    announceFirstStart(facts, terminal.out, pino({}, logged.out));
    expect(terminal.text()).toBe(firstStartText(facts) + '\n');
    expect(logged.text()).toBe('');
  });

  it('is one JSON log line with the same facts when the output is not a terminal', () => {
    const out = capture(false);
    const logged = capture(false);
    announceFirstStart(facts, out.out, pino({}, logged.out));
    expect(out.text()).toBe('');
    const line = JSON.parse(logged.text()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, url: facts.url, dataDir: facts.dataDir, adminCommand: facts.adminCommand });
    expect(line.msg).toBe(`first start: open ${facts.url}; data in /srv/site; create the first admin with: ${facts.adminCommand}`);
  });
});
