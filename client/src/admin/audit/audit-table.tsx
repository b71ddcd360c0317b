// The audit table: when, who, what, on what, and the one-line summary of each entry.
import type { AuditEntry } from '@shared/audit';
import { DataTable, DataTableMessage } from '@/ui/data-table';

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
    <DataTable
      label="Audit log table"
      caption="Audit log, newest first"
      className="audit-table"
      busy={busy}
      head={
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      }
    >
      {entries ? (
        entries.length > 0 ? (
          entries.map((entry) => <AuditRow key={entry._id} entry={entry} />)
        ) : (
          <DataTableMessage columns={COLUMNS.length}>{filtered ? 'No entries for this action' : 'No entries yet'}</DataTableMessage>
        )
      ) : (
        loading && <DataTableMessage columns={COLUMNS.length}>Loading the audit log...</DataTableMessage>
      )}
    </DataTable>
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

// Ids of users, playlists and comments are long and alike: the table shows their start (the whole
// id is in the text, for copying and for screen readers, and in the tooltip; a comment's summary
// names its lesson and words). A media base path is shown whole.
const SHORTENED: ReadonlyArray<AuditEntry['target']['type']> = ['user', 'playlist', 'comment'];

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
