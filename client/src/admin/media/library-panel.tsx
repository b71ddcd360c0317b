// Current {Type} Library (spec §2): the files of the chosen type with a checkbox each, a page at a
// time as the grid scrolls, Refresh, and Delete Selected after a confirmation.
import { useEffect, useId, useRef, useState } from 'react';
import type { MediaCategory } from '@shared/media';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyNote } from '@/ui/empty-note';
import { LoadMore } from '@/ui/load-more';
import { Panel } from '@/ui/panel';
import { LibraryItem } from './library-item';
import { MEDIA_KINDS } from './media-kinds';
import type { Library } from './use-library';

interface LibraryPanelProps {
  id: string;
  category: MediaCategory;
  /** The files loaded so far (of `total`, with `more` to load), which are ticked, and deleting them. */
  library: Library;
  version: string | undefined;
}

/** How many names the confirmation lists before it says "and N more". */
const NAMES_SHOWN = 5;

export function LibraryPanel({ id, category, library, version }: LibraryPanelProps) {
  const { files, total, more, loading, fetching, selected, deleting } = library;
  const selectAllId = useId();
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // After a deletion the ticked files and the (now disabled) Delete button are gone from the
  // keyboard's reach: focus goes to the library's title once the dialog has closed.
  const focusTitle = useRef(false);

  useEffect(() => {
    if (confirming || !focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [confirming]);
  const { word, title: typeTitle } = MEDIA_KINDS[category];
  const allTicked = files.length > 0 && selected.length === files.length;
  const selectedFiles = files.filter((file) => selected.includes(file.path));

  return (
    <Panel
      inset
      id={id}
      className="media-library"
      title={`Current ${typeTitle} Library (${total})`}
      titleRef={title}
      actions={
        <>
          <Button variant="secondary" className="button--small" busy={fetching && !loading} onClick={library.refresh}>
            Refresh
          </Button>
          <Button
            // Quiet until something is ticked, so a disabled button does not shout.
            variant={selected.length > 0 ? 'danger' : 'quiet'}
            className={selected.length > 0 ? 'button--small' : 'button--small button--danger-quiet'}
            disabled={selected.length === 0}
            busy={deleting}
            onClick={() => setConfirming(true)}
          >
            Delete Selected ({selected.length})
          </Button>
        </>
      }
    >
      {files.length > 0 && (
        <div className="media-library__select-all">
          <input
            id={selectAllId}
            type="checkbox"
            checked={allTicked}
            ref={(box) => {
              // Some but not all ticked: neither checked nor clear.
              if (box) box.indeterminate = selected.length > 0 && !allTicked;
            }}
            onChange={(event) => library.setAll(event.target.checked)}
          />
          {/* Only loaded files can be ticked: with pages still to load, the label says how many. */}
          <label htmlFor={selectAllId}>{more ? `Select the ${files.length} ${word} shown` : `Select all ${word}`}</label>
        </div>
      )}

      {loading ? (
        <EmptyNote loading>Loading {word}…</EmptyNote>
      ) : files.length === 0 ? (
        <EmptyNote>No {word} found. Upload some files or check your base path.</EmptyNote>
      ) : (
        <ul className={`media-grid media-grid--${category}`} aria-busy={fetching || undefined}>
          {files.map((file) => (
            <LibraryItem
              key={file.path}
              file={file}
              version={version}
              checked={selected.includes(file.path)}
              disabled={deleting}
              onToggle={(checked) => library.toggle(file.path, checked)}
            />
          ))}
          {more && <LoadMore label={`Load more ${word}`} busy={library.loadingMore} onLoad={library.loadMore} />}
        </ul>
      )}

      {confirming && (
        <ConfirmDialog
          title="Delete files"
          message={`Delete ${selected.length} selected file(s) from the ${word} library? This cannot be undone.`}
          detail={
            <ul className="media-confirm-list">
              {selectedFiles.slice(0, NAMES_SHOWN).map((file) => (
                <li key={file.path}>{file.name}</li>
              ))}
              {selectedFiles.length > NAMES_SHOWN && <li>and {selectedFiles.length - NAMES_SHOWN} more</li>}
            </ul>
          }
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() =>
            library.deleteSelected((deleted) => {
              focusTitle.current = deleted;
              setConfirming(false);
            })
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </Panel>
  );
}
