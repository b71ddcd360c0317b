// The audit trail's one procedure (CONTRACT §3 "Operators"); entries are written by the data
// changes themselves (record.ts).
import { listAuditInput } from '../../shared/audit-schemas';
import { adminProcedure, router } from '../trpc/init';
import { listAudit } from './list';

export const auditRouter = router({
  list: adminProcedure.input(listAuditInput).query(({ ctx, input }) => listAudit(ctx.deps.db, input)),
});
