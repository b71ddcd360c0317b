// Mail outbox (issue 36, CONTRACT §9): the course mails that wait, were sent, failed (with SMTP's
// last refusal) or were skipped (the member's own settings, or their standing, when it was due).
import { useEffect, useMemo, useState } from 'react';
import type { OUTBOX_FILTERS } from '@shared/mail';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import { EmptyNote } from '@/ui/empty-note';
import { LoadMore } from '@/ui/load-more';
import { PanelSection } from '@/ui/panel-section';
import { StatusMessage } from '@/ui/status-message';
import { QueueTabs } from '../queue-tabs';
import { OutboxRow } from './outbox-row';
import './outbox-section.css';

type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

const TABS: ReadonlyArray<{ id: OutboxFilter; label: string; empty: string }> = [
  { id: 'pending', label: 'Pending', empty: 'No mail is waiting to be sent.' },
  { id: 'sent', label: 'Sent', empty: 'No mail has been sent yet.' },
  { id: 'failed', label: 'Failed', empty: 'No mail has failed.' },
  { id: 'skipped', label: 'Skipped', empty: 'No mail has been skipped.' },
];

export function OutboxSection() {
  const [filter, setFilter] = useState<OutboxFilter>('pending');
  const tab = TABS.find((each) => each.id === filter)!;
  const query = trpc.outbox.list.useInfiniteQuery(
    { status: filter },
    // A mail's state moves on by itself (the worker sends it): each visit reads it afresh.
    { getNextPageParam: (last) => last.nextCursor ?? undefined, staleTime: 0, refetchOnMount: 'always' },
  );
  const pages = query.data?.pages;
  const mails = useMemo(() => pages?.flatMap((page) => page.mails) ?? [], [pages]);

  useEffect(() => {
    if (query.error) console.error(`Could not load the ${filter} mails:`, query.error);
  }, [query.error, filter]);

  return (
    <PanelSection title="Mail outbox" className="outbox">
      <QueueTabs label="Mail states" tabs={TABS} current={filter} onChange={setFilter}>
        {query.error ? (
          <StatusMessage tone="error" compact>
            The outbox could not be loaded: {serverMessage(query.error, MESSAGES.somethingWentWrong)}
          </StatusMessage>
        ) : query.isPending ? (
          <EmptyNote loading>Loading mails...</EmptyNote>
        ) : mails.length === 0 ? (
          <EmptyNote>{tab.empty}</EmptyNote>
        ) : (
          <ol className="outbox-list" aria-label={`${tab.label} mails`}>
            {mails.map((mail) => (
              <OutboxRow key={mail._id} mail={mail} />
            ))}
            {query.hasNextPage && (
              <LoadMore
                label="Load more mails"
                busy={query.isFetchingNextPage}
                onLoad={(pressed) => {
                  if (!query.isFetching && (pressed || !query.isFetchNextPageError)) void query.fetchNextPage();
                }}
              />
            )}
          </ol>
        )}
      </QueueTabs>
    </PanelSection>
  );
}
