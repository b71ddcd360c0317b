// ffmpeg's stderr in words an admin can read (the Course Manager shows a failed transcode's
// reason): its last lines, without the demuxers' "[mov,mp4 @ 0x55…]" marks and without the
// server's paths, which are nobody's business.

/** At most this many characters of a reason: enough for ffmpeg's longest lines, short enough for a panel. */
const REASON_MAX = 300;

/** The reason in `stderr`'s last lines, with each of `paths` cut out; a fallback if ffmpeg said nothing. */
export function ffmpegReason(stderr: string, paths: readonly string[]): string {
  const lines: string[] = [];
  for (const raw of stderr.split(/\r?\n/)) {
    let line = raw.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim();
    for (const pathText of paths) {
      // "/srv/…/abc.mp4: Invalid data found…" → "Invalid data found…"; a path elsewhere in a line → "the file".
      if (line.startsWith(`${pathText}: `)) line = line.slice(pathText.length + 2);
      line = line.split(pathText).join('the file');
    }
    if (line !== '' && !lines.includes(line)) lines.push(line);
  }
  if (lines.length === 0) return 'it stopped without saying why';
  const [last] = lines.slice(-1);
  const before = lines.length > 1 ? lines[lines.length - 2] : undefined;
  const reason = before ? `${last} (${before})` : last!;
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
}
