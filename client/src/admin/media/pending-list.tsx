// Files Ready for Upload (spec §2): each file with a preview, its size and type and a remove
// button; Clear All and Upload Files; progress bars while the upload runs.
import { useCallback, useId, useState } from 'react';
import { extensionOf, MEDIA_EXTENSIONS } from '@shared/media';
import type { UploadProgress } from '@/lib/request';
import { Button } from '@/ui/button';
import { EmptyNote } from '@/ui/empty-note';
import { formatBytes } from '@shared/media';
import type { PendingFile } from './use-pending-files';

interface PendingListProps {
  items: readonly PendingFile[];
  uploading: boolean;
  progress: UploadProgress | null;
  onRemove: (id: number) => void;
  onClear: () => void;
  onUpload: () => void;
}

const percent = (fraction: number) => Math.round(fraction * 100);

export function PendingList({ items, uploading, progress, onRemove, onClear, onUpload }: PendingListProps) {
  const titleId = useId();
  const overallId = useId();
  return (
    <section className="media-pending" aria-labelledby={titleId}>
      <div className="media-pending__head">
        <h4 id={titleId} className="media-pending__title">
          Files Ready for Upload ({items.length})
        </h4>
        <div className="actions">
          <Button variant="quiet" className="button--small" disabled={uploading || items.length === 0} onClick={onClear}>
            Clear All
          </Button>
          <Button variant="primary" className="button--small" busy={uploading} onClick={onUpload}>
            Upload Files
          </Button>
        </div>
      </div>

      {progress && (
        <div className="media-progress media-progress--overall">
          <label htmlFor={overallId}>Overall progress</label>
          <progress id={overallId} max={100} value={percent(progress.overall)} />
          <span className="media-progress__value" aria-hidden="true">
            {percent(progress.overall)}%
          </span>
        </div>
      )}

      {items.length === 0 ? (
        <EmptyNote>Nothing chosen yet: add files above.</EmptyNote>
      ) : (
        <ul className="media-pending__list">
          {items.map((item, index) => (
            <PendingRow key={item.id} item={item} uploading={uploading} fraction={progress?.files[index]} onRemove={() => onRemove(item.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface PendingRowProps {
  item: PendingFile;
  uploading: boolean;
  fraction: number | undefined;
  onRemove: () => void;
}

function PendingRow({ item, uploading, fraction, onRemove }: PendingRowProps) {
  const { file } = item;
  const progressId = useId();
  const type = file.type || `.${extensionOf(file.name) || '?'}`;
  return (
    <li className="media-pending__item">
      <FilePreview file={file} />
      <div className="media-pending__info">
        <p className="media-pending__name" title={file.name}>
          {file.name}
        </p>
        <p className="media-pending__meta">
          <span>{formatBytes(file.size)}</span>
          <span>{type}</span>
        </p>
        {fraction !== undefined && (
          <div className="media-progress">
            <label htmlFor={progressId} className="visually-hidden">
              {`${file.name} upload progress`}
            </label>
            <progress id={progressId} max={100} value={percent(fraction)} />
            <span className="media-progress__value" aria-hidden="true">
              {percent(fraction)}%
            </span>
          </div>
        )}
      </div>
      <Button
        variant="quiet"
        className="button--small button--danger-quiet media-pending__remove"
        aria-label={`Remove ${file.name}`}
        disabled={uploading}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * An image shows itself through an object URL made when the preview appears and revoked when it
 * goes (removed, cleared, uploaded), so the browser lets go of the file's bytes.
 */
function FilePreview({ file }: { file: File }) {
  // Stable for the file, or React would make (and revoke) a new URL on every progress update.
  const showFile = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  // A file named .png that is not one (the server will refuse it too) shows its kind instead.
  const [broken, setBroken] = useState(false);
  const isImage = file.type.startsWith('image/') || MEDIA_EXTENSIONS.image.includes(extensionOf(file.name));
  if (!isImage || broken) {
    return (
      <span className="media-pending__preview media-pending__preview--kind" aria-hidden="true">
        {extensionOf(file.name) || 'file'}
      </span>
    );
  }
  return <img className="media-pending__preview" alt="" ref={showFile} onError={() => setBroken(true)} />;
}
