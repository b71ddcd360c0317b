// GET /api/admin/users/export.csv (CONTRACT §3 "Operators"; decision 010): every user matching
// the list's search, in the list's order, as one CSV file, streamed. It streams, so it is a route
// of its own rather than a row of the REST table, but the work is the users.exportBatch procedure,
// called batch after batch through createCaller: each call passes the admin middleware again, so
// an admin who is suspended or signed out stops getting rows. A batch is fetched only when the
// client has taken the one before (backpressure), and a client that goes away ends the loop.
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { USERS_EXPORT_PATH } from '../../shared/constants';
import type { z } from 'zod';
import { listUsersInput, type exportBatchInput } from '../../shared/user-schemas';
import type { OperationDoc } from '../http/operation';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../http/error-bodies';
import type { ContextFactory } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { usersRouter } from './router';
import type { ExportBatch } from './export-query';
import type { UserPosition } from './user-order';
import { usersCsv } from './users-csv';

type FetchBatch = (after?: UserPosition) => Promise<ExportBatch>;

/** The file's chunks: the first batch (already fetched) with the header, then one per batch. */
async function* csvChunks(first: ExportBatch, fetchBatch: FetchBatch, log: FastifyBaseLogger) {
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
    log.info({ rows, complete: next === null }, next === null ? 'user export finished' : 'user export stopped before its end');
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

// The domain's own caller: the batches are this router's procedure, with its guard.
const createUsersCaller = createCallerFactory(usersRouter);

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
      const fetchBatch: FetchBatch = (after) => createUsersCaller(createContext({ req: request })).exportBatch({ search, sortBy, sortOrder, after });
      // The first batch before any header, so that a refusal (401, 403, 400) is an answer of its own.
      let first: ExportBatch;
      try {
        first = await fetchBatch();
      } catch (error) {
        return sendProcedureError(reply, error, DEFAULT_ERROR_STYLE);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .send(Readable.from(csvChunks(first, fetchBatch, request.log), { objectMode: false }));
    },
  );
}
