// Input schema of the audit list (CONTRACT §3 "Operators"), shared with the panel's filter.
import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit';
import { blankAsAbsent, pageField } from './query-fields';

export const listAuditInput = z.object({
  page: pageField,
  action: z.preprocess(blankAsAbsent, z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional()),
});
export type ListAuditInput = z.infer<typeof listAuditInput>;
