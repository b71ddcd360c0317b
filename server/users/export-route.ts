// GET /api/admin/users/export.csv (CONTRACT §3 "Operators"; decision 010): every user matching
// the list's search, in the list's order, as one CSV file, streamed. It streams, so it is a route
// of its own rather than a row of the REST table, but the work is the batch procedure of
// usersExportRouter (not a procedure of /trpc), called batch after batch through createCaller: each call passes the admin middleware again, so
// an admin who is suspended or signed out stops getting rows. A batch is fetched only when the
// client has taken the one before (backpressure), and a client that goes away ends the loop.
// The export is recorded in the audit trail (user.export) once, when it ends: only then is the
// number of rows known, and a download cut short is recorded too (decision 011).
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { USERS_EXPORT_PATH } from '../../shared/constants';
import type { z } from 'zod';
import { listUsersInput, type exportBatchInput } from '../../shared/user-schemas';
import type { OperationDoc } from '../http/operation';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../http/error-bodies';
import type { Context, ContextFactory } from '../trpc/context';
import { createCallerFactory, requireAdmin } from '../trpc/init';
import { usersExportRouter } from './router';
import type { ExportBatch } from './export-query';
import type { UserPosition } from './user-order';
import { EXPORT_TARGET, userExportSummary, type ExportEnd } from './user-audit';
import { usersCsv } from './users-csv';

type FetchBatch = (after?: UserPosition) => Promise<ExportBatch>;

/** The list's criteria without its page: the route's query, and what the trail's entry names. */
const exportCriteria = listUsersInput.omit({ page: true });
type ExportCriteria = z.output<typeof exportCriteria>;

/**
 * The file's chunks: the first batch (already fetched) with the header, then one per batch.
 * `ended` runs once, however the export ends, before the answer's end is sent.
 */
async function* csvChunks(first: ExportBatch, fetchBatch: FetchBatch, ended: (end: ExportEnd) => Promise<void>) {
  let rows = 0;
  let next: UserPosition | null = null;
  // A batch becomes text at once, and only the text waits for the client (decision 010).
  const toCsv = (batch: ExportBatch, header: boolean) => {
    rows += batch.rows.length;
    next = batch.next;
    return usersCsv(batch.rows, { first: header });
  };
  try {
    yield toCsv(first, true);
    while (next) {
      const text = toCsv(await fetchBatch(next), false);
      // A batch whose users the search all passed over adds nothing.
      if (text) yield text;
    }
  } finally {
    // Also when the client went away or a batch was refused: the stream is destroyed, and the
    // client sees a cut answer rather than a file that looks whole.
    await ended({ rows, complete: next === null });
  }
}

/**
 * Logs the end of an export and records it in the audit trail: who, the criteria, how many rows.
 * A whole file whose entry cannot be written is cut before its end, so the download fails rather
 * than leave no trace (as a change whose entry fails is not made); a cut one only logs the error.
 */
async function exportEnded(db: Db, log: FastifyBaseLogger, admin: AuditActor, criteria: ExportCriteria, end: ExportEnd) {
  log.info(end, end.complete ? 'user export finished' : 'user export stopped before its end');
  try {
    await transaction(db, (tx) => recordAudit(tx, { actor: admin, action: 'user.export', target: EXPORT_TARGET, summary: userExportSummary(criteria, end) }));
  } catch (error) {
    log.error({ err: error, adminId: admin.id, ...end }, 'the user export could not be recorded in the audit trail');
    if (end.complete) throw error;
  }
}

const exportDoc: OperationDoc = {
  tag: 'Users',
  summary: "Every user matching the list's search, in its order, as one CSV file",
  description:
    'No paging: the file is streamed batch by batch. UTF-8 with a byte order mark, CRLF line ends, RFC 4180 quoting; ' +
    "a cell starting with =, +, -, @, a tab or a carriage return is prefixed with '.",
  access: 'admin',
  query: listUsersInput.omit({ page: true }),
  success: {
    content: 'text/csv; charset=utf-8',
    description: 'A header row id,name,email,role,membershipTier,status,createdAt, then one row per user (Content-Disposition: attachment)',
  },
};

// The batches' own caller: this route is the only one, so every export is recorded.
const createExportCaller = createCallerFactory(usersExportRouter);

const exportFileName = (now: Date) => `members-${now.toISOString().slice(0, 10)}.csv`;

export function registerExportRoute(app: FastifyInstance, createContext: ContextFactory) {
  // The query is declared as the procedure's own input type, unchecked: its zod schema is the check.
  app.get<{ Querystring: Pick<z.input<typeof exportBatchInput>, 'search' | 'sortBy' | 'sortOrder'> }>(
    USERS_EXPORT_PATH,
    // No HEAD twin: Fastify would run the whole export for it and throw the rows away.
    { exposeHeadRoute: false, config: { errorStyle: DEFAULT_ERROR_STYLE, openapi: exportDoc } },
    async (request, reply) => {
      // The list's criteria and nothing else: where a batch starts is this route's business.
      const { search, sortBy, sortOrder } = request.query;
      const batchFrom = (ctx: Context, after?: UserPosition) => createExportCaller(ctx).batch({ search, sortBy, sortOrder, after });
      const fetchBatch: FetchBatch = (after) => batchFrom(createContext({ req: request }), after);
      // The first batch before any header, so that a refusal (401, 403, 400) is an answer of its own.
      const firstContext = createContext({ req: request });
      let first: ExportBatch;
      let admin: AuditActor;
      try {
        first = await batchFrom(firstContext);
        // The admin the first batch was answered for: its context keeps the session it loaded.
        admin = await requireAdmin(firstContext);
      } catch (error) {
        return sendProcedureError(reply, error, DEFAULT_ERROR_STYLE);
      }
      // As the procedure read them: it has just accepted them.
      const criteria = exportCriteria.parse({ search, sortBy, sortOrder });
      const { db } = firstContext.deps;
      const ended = (end: ExportEnd) => exportEnded(db, request.log, admin, criteria, end);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .send(Readable.from(csvChunks(first, fetchBatch, ended), { objectMode: false }));
    },
  );
}
