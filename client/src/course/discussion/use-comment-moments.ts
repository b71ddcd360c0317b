// The moments of the lesson's discussion for its player: read from the same cached pages as the
// section below it, so a comment that arrives live is marked at once.
import { useMemo } from 'react';
import { commentMoments, type CommentMoment } from './comment-moments';
import { useDiscussion } from './use-discussion';

const NONE: CommentMoment[] = [];

export function useCommentMoments(lessonId: string, played: boolean): readonly CommentMoment[] {
  const { threads } = useDiscussion(lessonId, played);
  return useMemo(() => (played ? commentMoments(threads) : NONE), [played, threads]);
}
