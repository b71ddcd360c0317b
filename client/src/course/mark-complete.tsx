// Mark complete / Mark incomplete on a lesson page (CONTRACT §4 PUT /api/course/lessons/{id}/progress
// with `completed`). The answer is the lesson's progress: it goes into the lesson's data as the
// player's saves do (lesson-progress-answers.ts), and so the button follows those too.
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import type { BeginSave } from './lesson-progress-answers';
import { StatusMessage } from '../ui/status-message';
import './mark-complete.css';

interface Props {
  lessonId: string;
  completedAt: string | null;
  /** Where the member is: the save carries it, so that marking does not move them. */
  positionSeconds: number;
  onSaveBegun: BeginSave;
}

export function MarkComplete({ lessonId, completedAt, positionSeconds, onSaveBegun }: Props) {
  const save = trpc.course.saveProgress.useMutation();
  const done = completedAt !== null;
  const mark = () => {
    const answer = onSaveBegun();
    save.mutate({ id: lessonId, positionSeconds, completed: !done }, { onSuccess: answer });
  };
  return (
    <div className="mark-complete">
      <Button variant={done ? 'secondary' : 'primary'} busy={save.isPending} onClick={mark}>
        {done ? 'Mark incomplete' : 'Mark complete'}
      </Button>
      {done && (
        <span className="muted" role="status">
          Completed
        </span>
      )}
      {save.error && <StatusMessage tone="error">{serverMessage(save.error, MESSAGES.somethingWentWrong)}</StatusMessage>}
    </div>
  );
}
