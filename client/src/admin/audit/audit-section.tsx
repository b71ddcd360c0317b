// Audit Log (CONTRACT §3 "Operators"): who changed what, newest first, 20 a page, filtered by action.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS } from '@shared/audit';
import type { ListAuditInput } from '@shared/audit-schemas';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import { StatusMessage } from '@/ui/status-message';
import { Pagination } from '@/ui/pagination';
import { PanelSection } from '@/ui/panel-section';
import { SelectField } from '@/ui/select-field';
import { AuditTable } from './audit-table';
import './audit-section.css';

const ALL = '';

export function AuditSection() {
  const [query, setQuery] = useState<ListAuditInput>({ page: 1 });
  const list = trpc.audit.list.useQuery(query, {
    // Keeps the previous page on screen while the next one loads; a change made a moment ago in
    // another section is there when this one opens.
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const page = list.data;

  return (
    <PanelSection title="Audit Log" className="audit">
      <div className="audit__toolbar">
        <SelectField
          label="Action"
          className="input--compact"
          options={[ALL, ...AUDIT_ACTIONS]}
          optionLabel={(value) => value || 'All actions'}
          value={query.action ?? ALL}
          onChange={(e) => setQuery({ page: 1, action: AUDIT_ACTIONS.find((action) => action === e.target.value) })}
        />
        {list.error && (
          <StatusMessage tone="error" compact>
            The audit log could not be loaded: {serverMessage(list.error, MESSAGES.somethingWentWrong)}
          </StatusMessage>
        )}
      </div>

      <AuditTable entries={page?.data} loading={list.isPending} busy={list.isFetching} filtered={query.action !== undefined} />

      {page && (
        <Pagination
          label="Audit log pages"
          page={page.currentPage}
          totalPages={page.totalPages}
          busy={list.isFetching}
          onPage={(p) => setQuery((q) => ({ ...q, page: p }))}
        />
      )}
    </PanelSection>
  );
}
