// The insights' answer from the running totals (CONTRACT §4 GET /api/admin/course/insights).
import type { InsightTotals, LessonTotals } from './insights-data';

/**
 * Over the members who started the lesson, the mean of min(100, played / duration × 100), one
 * decimal: the totals hold the sum of min(played, duration), so it is that sum over started ×
 * duration. 0 while nobody has started it; null for a lesson without a duration (nothing to play).
 */
export function averagePlayedPercent({ started, playedSum, durationSeconds }: LessonTotals): number | null {
  if (!durationSeconds) return null;
  if (started === 0) return 0;
  return Math.round((playedSum * 1000) / (started * durationSeconds)) / 10;
}

export function insightsAnswer(totals: InsightTotals) {
  return {
    members: totals.members,
    modules: totals.modules,
    lessons: totals.lessons.map((lesson) => ({
      _id: lesson._id,
      started: lesson.started,
      completed: lesson.completed,
      averagePlayedPercent: averagePlayedPercent(lesson),
    })),
  };
}
