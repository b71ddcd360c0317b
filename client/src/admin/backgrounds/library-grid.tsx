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

/** Spec §2's words for each kind's grid. */
const TEXTS: Record<SlideType, { title: string; loading: string; empty: string }> = {
  image: { title: 'Image Library', loading: 'Loading images...', empty: 'No images found. Upload or Rescan.' },
  video: { title: 'Video Library', loading: 'Loading videos...', empty: 'No videos found. Upload or Rescan.' },
};

interface LibraryGridProps {
  type: SlideType;
  library: ReturnType<typeof useLibraryPages>;
  version: string | undefined;
  /** Where each url sits in the playlist being edited (0-based); undefined when none is selected. */
  positions: ReadonlyMap<string, number> | undefined;
  onToggle: (file: LibraryFile) => void;
}

export function LibraryGrid({ type, library, version, positions, onToggle }: LibraryGridProps) {
  const { files, total, loading } = library;
  const texts = TEXTS[type];
  return (
    <Panel inset className={`bg-library bg-library--${type}`} title={texts.title} meta={!loading && total > 0 && (total === 1 ? '1 file' : `${total} files`)}>
      {loading ? (
        <EmptyNote loading>{texts.loading}</EmptyNote>
      ) : files.length === 0 ? (
        <EmptyNote>{texts.empty}</EmptyNote>
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
