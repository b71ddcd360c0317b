// GET /api/account/export (CONTRACT §5): the member's data as one JSON file, streamed. Like the
// admin's CSV (server/users/export-route.ts) it is a route of its own because it streams, and its
// work is procedures called through createCaller (accountExportRouter, kept out of /trpc so that
// no export goes unrecorded): the profile first (a refusal is still an answer of its own), then
// the member's audit entries batch by batch, each fetched once the client has taken the one before.
// It holds no hash, secret, token or recovery code: the procedures select none. The export is
// recorded (account.export) when it ends.
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS } from '../../shared/account';
import { exportProfileAnswer, memberAuditEntrySchema } from '../../shared/answer-schemas';
import { recordAudit } from '../audit/record';
import type { MemberAuditEntry } from '../audit/member-entries';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import type { Context, ContextFactory } from '../trpc/context';
import { createCallerFactory, requireMember } from '../trpc/init';
import { userTarget } from '../users/user-audit';
import { accountExportRouter } from './router';

type Batch = { entries: MemberAuditEntry[]; next: string | null };

/** The file: the profile's sections, then `auditEntries` filled batch by batch. `ended` runs once, however it ends. */
async function* jsonChunks(head: object, fetchBatch: (after?: string) => Promise<Batch>, ended: (complete: boolean, entries: number) => Promise<void>) {
  let entries = 0;
  let complete = false;
  try {
    yield `${JSON.stringify({ exportedAt: new Date().toISOString(), ...head }).slice(0, -1)},"auditEntries":[`;
    let after: string | undefined;
    do {
      const batch = await fetchBatch(after);
      if (batch.entries.length > 0) yield (entries > 0 ? ',' : '') + batch.entries.map((entry) => JSON.stringify(entry)).join(',');
      entries += batch.entries.length;
      after = batch.next ?? undefined;
    } while (after !== undefined);
    yield ']}\n';
    complete = true;
  } finally {
    await ended(complete, entries);
  }
}

async function exportEnded(db: Db, log: FastifyBaseLogger, member: { id: string; email: string }, complete: boolean, entries: number) {
  log.info({ userId: member.id, complete, auditEntries: entries }, complete ? 'member exported their data' : 'member data export stopped before its end');
  const summary = complete ? 'downloaded their data' : 'began downloading their data; the download stopped before its end';
  try {
    await transaction(db, (tx) => recordAudit(tx, { actor: member, action: 'account.export', target: userTarget(member.id), summary }));
  } catch (error) {
    log.error({ err: error, userId: member.id }, 'the data export could not be recorded in the audit trail');
    // As the admin's export: a whole file whose entry cannot be written is cut before its end.
    if (complete) throw error;
  }
}

/**
 * A section of the file that a domain above the account keeps (the discussion's comments): handed
 * in by composition, read after the profile with the same context, so it passes the member guard.
 */
export interface ExportSection {
  name: string;
  /** What the reference says the section holds. */
  description: string;
  read(context: Context): Promise<unknown>;
}

const exportDoc = (sections: readonly ExportSection[]): OperationDoc => ({
  tag: 'Account',
  summary: "The member's own data as one JSON file: profile, tier and paidSince, course progress, certificate, comments and their audit entries",
  description:
    'Streamed, with Content-Disposition: attachment. Never a password hash, two-factor secret, recovery code or link token. ' +
    `${sections.map((section) => `${section.name}: ${section.description}. `).join('')}` +
    'auditEntries are the entries the member made (byYou) and those about their account, oldest first.',
  access: 'member',
  success: {
    content: 'application/json',
    description: `${[...Object.keys(exportProfileAnswer.shape), ...sections.map((section) => section.name)].join(', ')}, then auditEntries: [${Object.keys(memberAuditEntrySchema.shape).join(', ')}]`,
  },
});

// This route is the only caller, so every export is recorded.
const createExportCaller = createCallerFactory(accountExportRouter);

const exportFileName = (now: Date) => `my-data-${now.toISOString().slice(0, 10)}.json`;

export function registerAccountExportRoute(app: FastifyInstance, createContext: ContextFactory, sections: readonly ExportSection[] = []) {
  const openapi = exportDoc(sections);
  app.get(ACCOUNT_PATHS.exportFile, { exposeHeadRoute: false, config: { errorStyle: DEFAULT_ERROR_STYLE, openapi } }, async (request, reply) => {
    const firstContext = createContext({ req: request });
    let head: object;
    let member: { id: string; email: string };
    try {
      head = await createExportCaller(firstContext).profile();
      for (const section of sections) head = { ...head, [section.name]: await section.read(firstContext) };
      member = await requireMember(firstContext);
    } catch (error) {
      return sendProcedureError(reply, error, DEFAULT_ERROR_STYLE);
    }
    // Each batch passes the member guard again: a member deleted or signed out mid-file stops getting entries.
    const fetchBatch = (after?: string) => createExportCaller(createContext({ req: request })).audit({ after });
    const ended = (complete: boolean, entries: number) => exportEnded(firstContext.deps.db, request.log, member, complete, entries);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(jsonChunks(head, fetchBatch, ended), { objectMode: false }));
  });
}
