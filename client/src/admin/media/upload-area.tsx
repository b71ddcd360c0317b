// Upload area (spec §2): drop files on it, or click it (or focus it and press Enter or Space) to
// browse. The file input is real and labelled; it is only drawn as the whole drop zone.
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { MEDIA_EXTENSIONS, type MediaCategory } from '@shared/media';
import { Icon } from '@/ui/icon';
import { acceptFor, MEDIA_KINDS } from './media-kinds';

interface UploadAreaProps {
  category: MediaCategory;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

function hasFiles(event: DragEvent<HTMLElement>): boolean {
  return event.dataTransfer.types.includes('Files');
}

export function UploadArea({ category, disabled, onFiles }: UploadAreaProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed; count them to know when it really left.
  const depth = useRef(0);
  const { word } = MEDIA_KINDS[category];

  useWindowDropGuard();

  function endDrag() {
    depth.current = 0;
    setDragging(false);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so that choosing the same file again (after removing it) still reports a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    endDrag();
    if (!disabled) onFiles([...event.dataTransfer.files]);
  }

  return (
    <div
      className={['dropzone', dragging && 'dropzone--active', disabled && 'dropzone--disabled'].filter(Boolean).join(' ')}
      onDragEnter={(event) => {
        if (!hasFiles(event) || disabled) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <input
        id={inputId}
        className="dropzone__input visually-hidden"
        type="file"
        multiple
        accept={acceptFor(category)}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={onChange}
      />
      <label htmlFor={inputId} className="dropzone__label">
        <UploadIcon />
        <span className="dropzone__title">{dragging ? `Drop ${word} to add them` : `Drag and drop ${word} here, or click to browse`}</span>
      </label>
      <div id={hintId} className="dropzone__hint">
        <p>Supported: {MEDIA_EXTENSIONS[category].map((extension) => `.${extension}`).join(', ')}</p>
        <p>Max file size: 200MB per file</p>
      </div>
    </div>
  );
}

/**
 * A file dropped just beside the zone would make the browser leave the admin panel to show it;
 * while the upload area is on screen, such drops do nothing instead.
 */
function useWindowDropGuard() {
  useEffect(() => {
    const stop = (event: globalThis.DragEvent) => {
      // The zone has already taken its own drags.
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
}

function UploadIcon() {
  return (
    <Icon className="dropzone__icon" size={36}>
      <path d="M12 15.5V4m0 0L7.5 8.5M12 4l4.5 4.5M4.5 14.5v3A2.5 2.5 0 0 0 7 20h10a2.5 2.5 0 0 0 2.5-2.5v-3" />
    </Icon>
  );
}
