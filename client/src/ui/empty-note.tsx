// What stands where a list or a panel has nothing to show: a quiet note in a dashed frame, or the
// loading line in its place (a status, so that screen readers hear when it goes).
import type { ReactNode } from 'react';
import './empty-note.css';

interface EmptyNoteProps {
  children: ReactNode;
  /** A loading line rather than a note. */
  loading?: boolean;
  /** A note with more than text in it (a message and a button) is a div. */
  as?: 'p' | 'div';
}

export function EmptyNote({ children, loading = false, as: Tag = 'p' }: EmptyNoteProps) {
  return (
    <Tag className="empty-note" role={loading ? 'status' : undefined}>
      {children}
    </Tag>
  );
}
