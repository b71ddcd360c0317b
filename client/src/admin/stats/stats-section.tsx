// Dashboard Overview (spec §2): the platform's figures, fetched afresh every time it is shown.
import { useId } from 'react';
import { trpc } from '@/lib/trpc';
import { PanelSection } from '@/ui/panel-section';
import { ServerError } from '@/ui/server-error';
import './stats-section.css';

export function StatsSection() {
  const stats = trpc.users.stats.useQuery(undefined, {
    // Never show figures from an earlier visit: forget them once the section is left.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

  return (
    <PanelSection title="Dashboard Overview">
      {stats.data ? (
        <div className="stats">
          <Stat label="Total users" value={stats.data.totalUsers} />
          <Stat label="Paid members" value={stats.data.paidMembers} />
          <Stat label="Free members" value={stats.data.freeMembers} />
        </div>
      ) : stats.error ? (
        <ServerError error={stats.error} what="The statistics could not be loaded" />
      ) : (
        <p className="muted" role="status">
          Loading statistics...
        </p>
      )}
    </PanelSection>
  );
}

/** One figure: a group named by its label, so it can be found and read as a pair. */
function Stat({ label, value }: { label: string; value: number }) {
  const labelId = useId();
  return (
    <div className="stat" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="stat__label">
        {label}
      </p>
      <p className="stat__value">{value.toLocaleString('en')}</p>
    </div>
  );
}
