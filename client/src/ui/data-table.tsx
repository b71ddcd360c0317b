// A dense table of records in a scrolling region (User Management, Audit Log). On phones each row
// becomes a card of label / value lines: every cell names its column in data-label.
import type { ReactNode, Ref } from 'react';
import './data-table.css';

interface DataTableProps {
  /** The scrolling region around the table (focusable). */
  ref?: Ref<HTMLDivElement>;
  /** Names the scrolling region ("Users table"). */
  label: string;
  /** Read out as the table's name; not shown. */
  caption: string;
  /** The table's own class, for its columns. */
  className: string;
  busy?: boolean;
  /** The header row. */
  head: ReactNode;
  /** The rows, or one DataTableMessage. */
  children: ReactNode;
}

export function DataTable({ ref, label, caption, className, busy = false, head, children }: DataTableProps) {
  return (
    // Focusable so that keyboard users can scroll it sideways on a narrow screen.
    <div ref={ref} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={`data-table data-table--cards ${className}`} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row across all columns that says why there are no rows (Loading..., No users found). */
export function DataTableMessage({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="data-table__message">
        <span role="status">{children}</span>
      </td>
    </tr>
  );
}
