// Mark complete / Mark incomplete on a lesson page (CONTRACT §4 PUT /api/course/lessons/{id}/progress
// with `completed`). The answer is the lesson's progress: it goes straight into the lesson's data,
// and the dashboard's progress and certificate are read again.
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';
import './mark-complete.css';

interface Props {
  lessonId: string;
  completedAt: string | null;
  /** Where the member is: the save carries it, so that marking does not move them. */
  positionSeconds: number;
}

export function MarkComplete({ lessonId, completedAt, positionSeconds }: Props) {
  const utils = trpc.useUtils();
  const save = trpc.course.saveProgress.useMutation({
    onSuccess(progress) {
      utils.course.lesson.setData({ id: lessonId }, (reading) => reading && { ...reading, progress });
      void utils.course.progress.invalidate();
      void utils.course.certificate.invalidate();
    },
  });
  const done = completedAt !== null;
  return (
    <div className="mark-complete">
      <Button variant={done ? 'secondary' : 'primary'} busy={save.isPending} onClick={() => save.mutate({ id: lessonId, positionSeconds, completed: !done })}>
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
