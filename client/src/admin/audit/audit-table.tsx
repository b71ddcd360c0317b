// The audit table: when, who, what, on what, and the one-line summary of each entry.
import type { AuditEntry } from '../../../../shared/audit';

const COLUMNS = ['When', 'Actor', 'Action', 'Target', 'Summary'] as const;

// Seconds shown: entries of one minute are told apart by them.
const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface AuditTableProps {
  entries: AuditEntry[] | undefined;
  loading: boolean;
  busy: boolean;
  /** An action is chosen: an empty page says no entry of it. */
  filtered: boolean;
}

export function AuditTable({ entries, loading, busy, filtered }: AuditTableProps) {
  return (
    // Focusable so that keyboard users can scroll it sideways on a narrow screen.
    <div className="table-scroll" role="region" aria-label="Audit log table" tabIndex={0}>
      <table className="data-table audit-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">Audit log, newest first</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries ? (
            entries.length > 0 ? (
              entries.map((entry) => <AuditRow key={entry._id} entry={entry} />)
            ) : (
              <MessageRow>{filtered ? 'No entries for this action' : 'No entries yet'}</MessageRow>
            )
          ) : (
            loading && <MessageRow>Loading the audit log...</MessageRow>
          )}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td data-label="When" className="audit-table__when">
        <time dateTime={entry.at}>{whenFormat.format(new Date(entry.at))}</time>
      </td>
      <td data-label="Actor" className="audit-table__actor">
        {entry.actor.email ?? <span className="audit-table__nobody">not signed in</span>}
      </td>
      <td data-label="Action">
        <span className="audit-action">{entry.action}</span>
      </td>
      <td data-label="Target" className="audit-table__target">
        <TargetCell target={entry.target} />
      </td>
      <td data-label="Summary" className="audit-table__summary">
        {entry.summary}
      </td>
    </tr>
  );
}

// Ids of users and playlists are long and alike: the table shows their start (the whole id is in
// the text, for copying and for screen readers, and in the tooltip). A media base path is shown whole.
const SHORTENED: ReadonlyArray<AuditEntry['target']['type']> = ['user', 'playlist'];

function TargetCell({ target }: { target: AuditEntry['target'] }) {
  const short = SHORTENED.includes(target.type);
  return (
    // One element, so that the phone layout's label / value grid keeps type and id together.
    <span>
      <span className="audit-table__target-type">{target.type}</span>{' '}
      <span className={`audit-table__target-id${short ? ' audit-table__target-id--short' : ''}`} title={short ? target.id : undefined}>
        {target.id}
      </span>
    </span>
  );
}

function MessageRow({ children }: { children: string }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className="data-table__message">
        <span role="status">{children}</span>
      </td>
    </tr>
  );
}
