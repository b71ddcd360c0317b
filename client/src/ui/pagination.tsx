import { Button } from './button';
import './pagination.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ("Users pages"). */
  label: string;
  busy?: boolean;
}

/**
 * Previous / Page X of Y / Next. Previous is unavailable on the first page, Next on the last
 * (aria-disabled, not disabled: the button pressed to reach the end keeps the keyboard focus).
 */
export function Pagination({ page, totalPages, onPage, label, busy = false }: PaginationProps) {
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="secondary" className="button--small" unavailable={first} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="pagination__status" aria-live="polite" aria-busy={busy || undefined}>
        {`Page ${page} of ${totalPages}`}
      </p>
      <Button variant="secondary" className="button--small" unavailable={last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
