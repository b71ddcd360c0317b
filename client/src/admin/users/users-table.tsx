// The user table (spec §2): sortable column headers (on phones, where the rows are cards, the
// header row is not shown and SortSelect takes its place), then one row per user of the page.
import type { ReactNode, Ref } from 'react';
import type { SortOrder, UserSortField } from '@shared/constants';
import { DataTable, DataTableMessage } from '@/ui/data-table';
import './users-table.css';

interface Column {
  label: string;
  sortBy?: UserSortField;
}

// Password and Actions have nothing to sort by.
const COLUMNS: readonly Column[] = [
  { label: 'Name', sortBy: 'name' },
  { label: 'Email', sortBy: 'email' },
  { label: 'Role', sortBy: 'role' },
  { label: 'Tier', sortBy: 'membershipTier' },
  { label: 'Status', sortBy: 'status' },
  { label: 'Password' },
  { label: 'Actions' },
];

export const COLUMN_COUNT = COLUMNS.length;

/** The columns the list sorts by, with their headers' labels (also the phone's Sort by select). */
export const SORT_COLUMNS = COLUMNS.flatMap(({ label, sortBy }) => (sortBy ? [{ label, sortBy }] : []));

interface UsersTableProps {
  /** The scrolling region around the table (focusable). */
  ref?: Ref<HTMLDivElement>;
  sortBy: UserSortField;
  sortOrder: SortOrder;
  onSort: (field: UserSortField) => void;
  busy: boolean;
  /** The rows, or one row spanning the table with a message. */
  children: ReactNode;
}

export function UsersTable({ ref, sortBy, sortOrder, onSort, busy, children }: UsersTableProps) {
  const sortedColumn = COLUMNS.find((column) => column.sortBy === sortBy);
  const caption = sortedColumn ? `Users, sorted by ${sortedColumn.label}, ${sortOrder === 'asc' ? 'ascending' : 'descending'}` : 'Users, newest first';

  return (
    <DataTable
      ref={ref}
      label="Users table"
      caption={caption}
      className="users-table"
      busy={busy}
      head={
        <tr>
          {COLUMNS.map((column) => {
            const field = column.sortBy;
            const direction = column === sortedColumn ? sortOrder : undefined;
            return (
              <th
                key={column.label}
                scope="col"
                className={field ? 'users-table__sortable' : 'users-table__static'}
                aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
              >
                {field ? <SortButton label={column.label} direction={direction} onClick={() => onSort(field)} /> : column.label}
              </th>
            );
          })}
        </tr>
      }
    >
      {children}
    </DataTable>
  );
}

/** Fills its header cell, so a click anywhere in the cell sorts. */
function SortButton({ label, direction, onClick }: { label: string; direction: SortOrder | undefined; onClick: () => void }) {
  return (
    <button type="button" className="sort-button" onClick={onClick}>
      {label}
      <span className={`sort-button__arrow${direction ? ' sort-button__arrow--active' : ''}`} aria-hidden="true">
        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/** A row across all columns, for Loading users... and No users found. */
export function TableMessageRow({ children }: { children: ReactNode }) {
  return <DataTableMessage columns={COLUMN_COUNT}>{children}</DataTableMessage>;
}
