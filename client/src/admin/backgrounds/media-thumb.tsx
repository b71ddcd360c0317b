// A small preview of a library file: for an image its thumbnail (ui/image-thumbnail.tsx), for a
// video its first frame.
import { mediaUrl } from '@shared/media';
import type { SlideType } from '@shared/slider';
import { ImageThumbnail } from '@/ui/image-thumbnail';

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
  return (
    <ImageThumbnail
      path={path}
      version={version}
      className="bg-thumb"
      missingClassName="bg-thumb bg-thumb--missing"
      // The drag-and-drop strip moves the item, not a ghost copy of its picture.
      draggable={false}
    />
  );
}

export function MissingThumb({ label }: { label: string }) {
  return <span className="bg-thumb bg-thumb--missing">{label}</span>;
}
