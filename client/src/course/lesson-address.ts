// Where a lesson opens: its page, at a moment of its media when there is one (`?t=` seconds, which
// the lesson page's player reads).
export const lessonAddress = (lessonId: string, at: number | null = null) => `/course/${lessonId}${at === null ? '' : `?t=${Math.floor(at)}`}`;
