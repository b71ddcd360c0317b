// A library image's preview: its small WebP thumbnail; the original if no thumbnail can be had; a
// "No preview" box if neither loads. A failure is remembered per url, so a new version (after a
// rescan) or another file in the same slot tries again from the thumbnail.
import { useState } from 'react';
import { mediaUrl, thumbnailUrl } from '@shared/media';

interface ImageThumbnailProps {
  /** The file's path relative to the base path (image/dawn.png). */
  path: string;
  /** The cache-busting version: the last scan's time. */
  version: string | undefined;
  className: string;
  missingClassName: string;
  draggable?: boolean;
}

export function ImageThumbnail({ path, version, className, missingClassName, draggable }: ImageThumbnailProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const src = [thumbnailUrl(path, version), mediaUrl(path, version)].find((url) => !failed.has(url));
  if (!src) return <span className={missingClassName}>No preview</span>;
  return (
    <img
      className={className}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={draggable}
      onError={() => setFailed((current) => new Set(current).add(src))}
    />
  );
}
