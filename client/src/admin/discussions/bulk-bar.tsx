// The held queue's bulk actions: "Select all" (of the comments loaded) and the two actions on the
// selection.
import { useId } from 'react';
import { Button } from '@/ui/button';

interface BulkBarProps {
  /** Comments loaded. */
  count: number;
  selected: number;
  /** Pages still to load: "Select all" says it takes the ones shown. */
  more: boolean;
  busy: 'visible' | 'hidden' | null;
  onSelectAll: (checked: boolean) => void;
  onApply: (status: 'visible' | 'hidden') => void;
}

export function BulkBar({ count, selected, more, busy, onSelectAll, onApply }: BulkBarProps) {
  const boxId = useId();
  const noteId = useId();
  const all = selected === count;
  const none = selected === 0;
  return (
    <div className="discussion-bulk" role="group" aria-label="Bulk actions">
      <span className="discussion-bulk__all">
        <input
          id={boxId}
          type="checkbox"
          checked={all}
          aria-describedby={more ? noteId : undefined}
          ref={(box) => {
            // Some but not all ticked: neither checked nor clear.
            if (box) box.indeterminate = !none && !all;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        <label htmlFor={boxId}>Select all</label>
        {more && (
          <span id={noteId} className="muted">
            {' '}
            (the {count} shown)
          </span>
        )}
      </span>
      <span className="discussion-bulk__count" aria-live="polite">
        {none ? 'None selected' : `${selected} selected`}
      </span>
      <span className="discussion-bulk__buttons">
        <Button variant="primary" className="button--small" busy={busy === 'visible'} unavailable={none || busy !== null} onClick={() => onApply('visible')}>
          Let through selected
        </Button>
        <Button variant="secondary" className="button--small" busy={busy === 'hidden'} unavailable={none || busy !== null} onClick={() => onApply('hidden')}>
          Hide selected
        </Button>
      </span>
    </div>
  );
}
