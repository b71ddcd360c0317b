// Where a lesson opens: its page, at a moment of its media when there is one (`?t=` seconds, which
// the lesson page's player reads), and, for a passage (a quiz's Rewatch), where to pause (`&end=`).
export function lessonAddress(lessonId: string, at: number | null = null, end: number | null = null): string {
  if (at === null) return `/course/${lessonId}`;
  const query = new URLSearchParams({ t: String(Math.floor(at)) });
  if (end !== null && end > at) query.set('end', String(Math.ceil(end)));
  return `/course/${lessonId}?${query}`;
}
