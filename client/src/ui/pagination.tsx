import { Button } from './button';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ("Users pages"). */
  label: string;
  busy?: boolean;
}

/** Previous / Page X of Y / Next. Previous is disabled on the first page, Next on the last. */
export function Pagination({ page, totalPages, onPage, label, busy = false }: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="secondary" className="button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="pagination__status" aria-live="polite" aria-busy={busy || undefined}>
        {`Page ${page} of ${totalPages}`}
      </p>
      <Button variant="secondary" className="button--small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
