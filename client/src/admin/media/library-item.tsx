// One file of the library: a preview that suits its kind, and a checkbox named by the file.
import { useId } from 'react';
import { mediaUrl } from '@shared/media';
import type { LibraryFile } from '@/lib/media-types';
import { ImageThumbnail } from '@/ui/image-thumbnail';
import { formatBytes } from '@shared/media';
import { Icon } from '@/ui/icon';

interface LibraryItemProps {
  file: LibraryFile;
  /** The cache-busting version: the last scan's time. */
  version: string | undefined;
  checked: boolean;
  disabled: boolean;
  onToggle: (checked: boolean) => void;
}

export function LibraryItem({ file, version, checked, disabled, onToggle }: LibraryItemProps) {
  const checkboxId = useId();
  return (
    <li className={['media-item', `media-item--${file.category}`, checked && 'media-item--selected'].filter(Boolean).join(' ')}>
      {file.category === 'image' ? (
        // Part of the label, so a click on the picture ticks the file too.
        <label htmlFor={checkboxId} className="media-item__preview">
          <ImageThumbnail path={file.path} version={version} className="media-item__image" missingClassName="media-item__placeholder" />
        </label>
      ) : (
        <div className="media-item__preview">
          {file.category === 'video' ? <VideoPreview file={file} version={version} /> : <AudioPreview file={file} version={version} />}
        </div>
      )}
      <div className="media-item__footer">
        <input
          id={checkboxId}
          className="media-item__check"
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="media-item__name" title={file.path}>
          {file.name}
        </label>
        <span className="media-item__size">{formatBytes(file.size)}</span>
      </div>
    </li>
  );
}

function VideoPreview({ file, version }: { file: LibraryFile; version: string | undefined }) {
  return (
    <video
      className="media-item__video"
      // The fragment asks for a frame a little in, as the very first one is often black.
      src={`${mediaUrl(file.path, version)}#t=0.5`}
      muted
      playsInline
      preload="metadata"
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}

function AudioPreview({ file, version }: { file: LibraryFile; version: string | undefined }) {
  return (
    <div className="media-item__audio">
      <NoteIcon />
      <audio controls preload="none" src={mediaUrl(file.path, version)} aria-label={`Play ${file.name}`} />
    </div>
  );
}

function NoteIcon() {
  return (
    <Icon className="media-item__note" size={32}>
      <path d="M9 18.5V6l10-2v12.5M9 18.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Zm10-2a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Z" />
    </Icon>
  );
}
