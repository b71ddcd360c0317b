import type { LastScan } from '@/lib/media-types';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Spec §2: when the base path was last scanned, and what the scan found. */
export function LastScanLine({ lastScan }: { lastScan: LastScan | null }) {
  if (!lastScan) {
    return (
      <p className="bg-last-scan">
        <span className="bg-last-scan__label">Last scan:</span> never
      </p>
    );
  }
  const { images, videos, audio } = lastScan.discoveries;
  const at = new Date(lastScan.timestamp);
  return (
    <p className="bg-last-scan">
      <span className="bg-last-scan__label">Last scan:</span> <time dateTime={lastScan.timestamp}>{at.toLocaleString()}</time>
      <span className="bg-last-scan__counts">
        {' · '}
        {plural(images, 'image', 'images')}, {plural(videos, 'video', 'videos')}, {audio} audio
      </span>
    </p>
  );
}
