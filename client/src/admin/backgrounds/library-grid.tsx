// Image Library / Video Library (spec §2, §4): the files of the kind as thumbnails with their names,
// a page at a time as the grid scrolls.
// A file is a toggle button: clicking it adds it to the playlist being edited, or takes it out.
import type { SlideType } from '@shared/slider';
import type { LibraryFile } from '@/lib/media-types';
import type { useLibraryPages } from '@/lib/use-library-pages';
import { LoadMore } from '@/ui/load-more';
import { Panel } from '@/ui/panel';
import { EmptyNote } from '@/ui/empty-note';
import { MediaThumb } from './media-thumb';
import { itemUrl } from './playlist-items';

interface LibraryGridProps {
  title: string;
  type: SlideType;
  library: ReturnType<typeof useLibraryPages>;
  loadingText: string;
  emptyText: string;
  version: string | undefined;
  /** Where each url sits in the playlist being edited (0-based); undefined when none is selected. */
  positions: ReadonlyMap<string, number> | undefined;
  onToggle: (file: LibraryFile) => void;
}

export function LibraryGrid({ title, type, library, loadingText, emptyText, version, positions, onToggle }: LibraryGridProps) {
  const { files, total, loading } = library;
  return (
    <Panel inset className={`bg-library bg-library--${type}`} title={title} meta={!loading && total > 0 && (total === 1 ? '1 file' : `${total} files`)}>
      {loading ? (
        <EmptyNote loading>{loadingText}</EmptyNote>
      ) : files.length === 0 ? (
        <EmptyNote>{emptyText}</EmptyNote>
      ) : (
        <ul className="bg-library__grid">
          {files.map((file) => {
            const position = positions?.get(itemUrl(file));
            const selected = position !== undefined;
            return (
              <li key={file.path}>
                <button
                  type="button"
                  className={['bg-tile', selected && 'bg-tile--selected'].filter(Boolean).join(' ')}
                  aria-pressed={positions ? selected : undefined}
                  title={file.path}
                  onClick={() => onToggle(file)}
                >
                  <span className="bg-tile__thumb">
                    <MediaThumb path={file.path} type={type} version={version} />
                    {selected && (
                      <span className="bg-tile__position" aria-hidden="true">
                        {position + 1}
                      </span>
                    )}
                  </span>
                  <span className="bg-tile__name">{file.name}</span>
                </button>
              </li>
            );
          })}
          {library.more && <LoadMore label={`Load more ${type}s`} busy={library.loadingMore} onLoad={library.loadMore} />}
        </ul>
      )}
    </Panel>
  );
}
