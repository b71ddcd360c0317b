// The audit trail over REST (CONTRACT §2), shown among the users in the reference.
import { auditPageSchema } from '../../shared/answer-schemas';
import { listAuditInput } from '../../shared/audit-schemas';
import { asIs } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { auditRouter } from './router';

const { row } = restRowsOf(createCallerFactory(auditRouter));

export const auditRest: RestSection = {
  tag: 'Users',
  rows: [
    row({
      method: 'GET',
      url: '/api/admin/audit',
      access: 'admin',
      summary: 'One page (20 entries) of the audit trail, newest first, optionally of one action',
      input: listAuditInput,
      answer: asIs(auditPageSchema),
      procedure: (c) => c.list,
    }),
  ],
};
