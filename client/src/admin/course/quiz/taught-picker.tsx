// "Where is this taught?" (issue 35): the video or audio lesson of the course that teaches a
// question's answer, and the moment in it, picked on its transcript (moment-picker.tsx): the admin
// never types a second. The moment shows as "4:12–4:40", with Clear.
import { useState } from 'react';
import { isPlayed } from '@shared/course';
import type { Taught } from '@shared/quiz';
import { Button } from '@/ui/button';
import { Fieldset } from '@/ui/fieldset';
import { SelectField } from '@/ui/select-field';
import { Spinner } from '@/ui/spinner';
import { StatusMessage } from '@/ui/status-message';
import type { AdminModule } from '../course-types';
import { MomentPicker } from './moment-picker';
import { clickCue, momentText, type CueLine, type PickedMoment } from './quiz-moment';
import { useLessonCues } from './use-lesson-cues';

export interface TeachingLesson {
  _id: string;
  title: string;
  /** "Foundations: The Observer Is The Operator" */
  label: string;
}

/** The course's video and audio lessons, in course order, named with their module. */
export function teachingLessons(modules: readonly AdminModule[]): TeachingLesson[] {
  return modules.flatMap((module) =>
    module.lessons
      .filter((lesson) => isPlayed(lesson.kind))
      .map((lesson) => ({ _id: lesson._id, title: lesson.title, label: `${module.title}: ${lesson.title}` })),
  );
}

interface TaughtPickerProps {
  lessons: readonly TeachingLesson[];
  value: Taught | null;
  onChange: (taught: Taught | null) => void;
  error?: string | null;
}

export function TaughtPicker({ lessons, value, onChange, error }: TaughtPickerProps) {
  const [lessonId, setLessonId] = useState(value?.lessonId ?? '');
  const [picked, setPicked] = useState<PickedMoment>(value);
  const title = (id: string) => lessons.find((lesson) => lesson._id === id)?.title ?? 'a lesson no longer in the course';

  function chooseLesson(id: string) {
    setLessonId(id);
    setPicked(null);
    onChange(null);
  }

  function click(cue: CueLine, cues: readonly CueLine[]) {
    const next = clickCue(picked, cue, cues);
    setPicked(next);
    if (next && next.endSeconds !== null) onChange({ lessonId, startSeconds: next.startSeconds, endSeconds: next.endSeconds });
    else onChange(null);
  }

  function clear() {
    setPicked(null);
    onChange(null);
  }

  const ids = lessons.map((lesson) => lesson._id);
  // A moment in a lesson that is no longer video or audio stays choosable as it is, until changed.
  const options = ['', ...ids, ...(lessonId && !ids.includes(lessonId) ? [lessonId] : [])];
  return (
    <Fieldset
      legend="Where is this taught?"
      className="cm-taught"
      note="The moment of a video or audio lesson that teaches the answer: a member who misses the question is sent back to it."
    >
      {lessons.length === 0 && !lessonId ? (
        <p className="muted">The course has no video or audio lesson yet.</p>
      ) : (
        <SelectField
          label="Teaching lesson"
          options={options}
          optionLabel={(id) => (id === '' ? 'None' : (lessons.find((lesson) => lesson._id === id)?.label ?? title(id)))}
          value={lessonId}
          onChange={(event) => chooseLesson(event.target.value)}
        />
      )}
      <p className="cm-taught__moment" role="status">
        {value ? `Taught at ${momentText(value)} in ${title(value.lessonId)}.` : lessonId ? 'No moment chosen yet.' : ''}
      </p>
      {value && (
        <div className="actions">
          <Button variant="secondary" className="button--small" onClick={clear}>
            Clear the moment
          </Button>
        </div>
      )}
      {lessonId && ids.includes(lessonId) && <LessonTranscript key={lessonId} lessonId={lessonId} title={title(lessonId)} picked={picked} onClickCue={click} />}
      {error && (
        <p className="cm-field-error" role="alert">
          {error}
        </p>
      )}
    </Fieldset>
  );
}

interface LessonTranscriptProps {
  lessonId: string;
  title: string;
  picked: PickedMoment;
  onClickCue: (cue: CueLine, cues: readonly CueLine[]) => void;
}

function LessonTranscript({ lessonId, title, picked, onClickCue }: LessonTranscriptProps) {
  const cues = useLessonCues(lessonId);
  switch (cues.state) {
    case 'loading':
      return (
        <p role="status">
          <Spinner />
          Loading the transcript...
        </p>
      );
    case 'no-captions':
      return <p className="muted">This lesson has no captions yet: upload a captions file to it, then choose the moment here.</p>;
    case 'failed':
      return <StatusMessage tone="error">The transcript could not be loaded: {cues.reason}</StatusMessage>;
    case 'ready':
      return (
        <MomentPicker
          cues={cues.cues}
          picked={picked}
          label={`Transcript of ${title}${cues.label ? ` (${cues.label})` : ''}`}
          onClickCue={(cue) => onClickCue(cue, cues.cues)}
        />
      );
  }
}
