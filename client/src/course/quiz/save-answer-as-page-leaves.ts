// PUT /api/course/attempts/{id}/answers/{questionId} (CONTRACT §8) with fetch's keepalive, for the
// text still waiting for a pause in typing when the page goes away (a reload, a closed tab): the
// request outlives the page, as the player's last progress save does (save-progress.ts). Nobody
// is left to read its answer.
import type { Answer } from '@shared/quiz';
import { getToken } from '@/lib/session';

export const answerPath = (attemptId: string, questionId: string) =>
  `/api/course/attempts/${encodeURIComponent(attemptId)}/answers/${encodeURIComponent(questionId)}`;

export function saveAnswerAsPageLeaves(attemptId: string, questionId: string, answer: Answer): void {
  const token = getToken();
  if (!token) return;
  void fetch(answerPath(attemptId, questionId), {
    method: 'PUT',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(answer),
  }).catch(() => {});
}
