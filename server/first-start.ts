// What a person needs after starting a new site: the address to open, where its data lives, and how
// to make the first administrator. Shown once, on the start that creates the database.
import type { FastifyBaseLogger } from 'fastify';

export interface FirstStart {
  url: string;
  dataDir: string;
  /** The admin that ADMIN_EMAIL created at this start, if any. */
  adminEmail: string | undefined;
  /** The command that creates an admin, as the operator would type it. */
  adminCommand: string;
}

/** The address a browser on this machine opens for a server listening on `host`. */
export function siteUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function firstStartText({ url, dataDir, adminEmail, adminCommand }: FirstStart): string {
  const admin = adminEmail
    ? [`  Admin  ${adminEmail} (from ADMIN_EMAIL)`]
    : [
        '  Admin  none yet. Create the first one (it asks for the password) with',
        `           ${adminCommand}`,
        '         or start once with ADMIN_EMAIL and ADMIN_PASSWORD set.',
      ];
  return [
    '',
    'A new site is running.',
    `  Open   ${url}`,
    `  Data   ${dataDir}`,
    '         (the database, the media library and the signing key: back this folder up)',
    ...admin,
    '',
  ].join('\n');
}

/**
 * On a terminal, the text above; anywhere else one log line, so that what reads the log as JSON
 * (a service manager, a pipe) still gets JSON, with the same facts in fields.
 */
export function announceFirstStart(facts: FirstStart, out: NodeJS.WritableStream & { isTTY?: boolean }, log: FastifyBaseLogger) {
  if (out.isTTY) {
    out.write(firstStartText(facts) + '\n');
    return;
  }
  const next = facts.adminEmail ? `admin ${facts.adminEmail} created from ADMIN_EMAIL` : `create the first admin with: ${facts.adminCommand}`;
  log.info(
    { url: facts.url, dataDir: facts.dataDir, adminEmail: facts.adminEmail, adminCommand: facts.adminEmail ? undefined : facts.adminCommand },
    `first start: open ${facts.url}; data in ${facts.dataDir}; ${next}`,
  );
}
