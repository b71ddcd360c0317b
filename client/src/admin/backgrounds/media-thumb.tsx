// A small preview of a library file: for an image its WebP thumbnail (the original if no thumbnail
// can be had, a placeholder if neither loads), for a video its first frame.
import { useState } from 'react';
import { mediaUrl, thumbnailUrl } from '../../../../shared/media';
import type { SlideType } from '../../../../shared/slider';

interface MediaThumbProps {
  /** The file's path relative to the base path (image/dawn.png). */
  path: string;
  type: SlideType;
  /** The cache-busting version: the last scan's time. */
  version: string | undefined;
}

export function MediaThumb({ path, type, version }: MediaThumbProps) {
  if (type === 'video') {
    return (
      <video
        className="bg-thumb bg-thumb--video"
        // The fragment asks for a frame a little in, as the very first one is often black.
        src={`${mediaUrl(path, version)}#t=0.1`}
        muted
        playsInline
        preload="metadata"
        aria-hidden="true"
        tabIndex={-1}
        draggable={false}
      />
    );
  }
  // Keyed by path, so a reused slot starts again from the thumbnail.
  return <ImageThumb key={path} path={path} version={version} />;
}

type Source = 'thumbnail' | 'original' | 'none';

function ImageThumb({ path, version }: { path: string; version: string | undefined }) {
  const [source, setSource] = useState<Source>('thumbnail');
  if (source === 'none') return <MissingThumb label="No preview" />;
  return (
    <img
      className="bg-thumb"
      src={source === 'thumbnail' ? thumbnailUrl(path, version) : mediaUrl(path, version)}
      alt=""
      loading="lazy"
      decoding="async"
      // The drag-and-drop strip moves the item, not a ghost copy of its picture.
      draggable={false}
      onError={() => setSource((current) => (current === 'thumbnail' ? 'original' : 'none'))}
    />
  );
}

export function MissingThumb({ label }: { label: string }) {
  return <span className="bg-thumb bg-thumb--missing">{label}</span>;
}
