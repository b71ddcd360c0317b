// @vitest-environment happy-dom
// "Where is this taught?": the picker over a lesson's transcript, its cues given as the browser
// would read them (use-lesson-cues.ts stands in: happy-dom parses no WebVTT).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Taught } from '@shared/quiz';
import type { AdminModule } from '../course-types';
import { TaughtPicker, teachingLessons } from './taught-picker';
import type { LessonCues } from './use-lesson-cues';

const cues: Record<string, LessonCues> = {
  video: {
    state: 'ready',
    label: 'English',
    cues: [
      { startSeconds: 240, endSeconds: 252, text: 'Before the point' },
      { startSeconds: 252, endSeconds: 265, text: 'The observer' },
      { startSeconds: 265, endSeconds: 280.4, text: 'is the operator' },
    ],
  },
  audio: { state: 'no-captions' },
};
vi.mock('./use-lesson-cues', () => ({ useLessonCues: (id: string) => cues[id] ?? { state: 'loading' } }));

afterEach(cleanup);

const modules = [
  {
    _id: 'm1',
    title: 'Foundations',
    lessons: [
      { _id: 'text', title: 'Reading', kind: 'text' },
      { _id: 'video', title: 'The Observer', kind: 'video' },
    ],
  },
  {
    _id: 'm2',
    title: 'Practice',
    lessons: [
      { _id: 'audio', title: 'Breath', kind: 'audio' },
      { _id: 'quiz', title: 'Check', kind: 'quiz' },
    ],
  },
] as unknown as AdminModule[];

function Harness({ initial, onChange }: { initial: Taught | null; onChange: (taught: Taught | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TaughtPicker
      lessons={teachingLessons(modules)}
      value={value}
      onChange={(taught) => {
        setValue(taught);
        onChange(taught);
      }}
    />
  );
}

const line = (text: RegExp) => within(screen.getByRole('list', { name: 'Transcript of The Observer (English)' })).getByRole('button', { name: text });

describe('where a question is taught', () => {
  it("offers the course's video and audio lessons, named with their module", () => {
    expect(teachingLessons(modules).map((lesson) => lesson.label)).toEqual(['Foundations: The Observer', 'Practice: Breath']);
    render(<Harness initial={null} onChange={vi.fn()} />);
    const select = screen.getByLabelText('Teaching lesson') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['None', 'Foundations: The Observer', 'Practice: Breath']);
  });

  it('takes the start from a first click on the transcript and the end from a second, shows 4:12–4:40, and clears', () => {
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Teaching lesson'), { target: { value: 'video' } });
    expect(screen.getByRole('status').textContent).toBe('No moment chosen yet.');

    fireEvent.click(line(/The observer/));
    expect(screen.getByText('Starts at 4:12: now click the line where it ends.')).toBeTruthy();
    expect(line(/The observer/).getAttribute('aria-pressed')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith(null);

    fireEvent.click(line(/is the operator/));
    expect(onChange).toHaveBeenLastCalledWith({ lessonId: 'video', startSeconds: 252, endSeconds: 280.4 });
    expect(screen.getByRole('status').textContent).toBe('Taught at 4:12–4:40 in The Observer.');
    expect([/Before/, /The observer/, /is the operator/].map((name) => line(name).getAttribute('aria-pressed'))).toEqual(['false', 'true', 'true']);
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear the moment' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('button', { name: 'Clear the moment' })).toBeNull();
    expect(line(/The observer/).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a saved moment, and says when the lesson has no captions to pick from', () => {
    const onChange = vi.fn();
    render(<Harness initial={{ lessonId: 'video', startSeconds: 252, endSeconds: 280.4 }} onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toBe('Taught at 4:12–4:40 in The Observer.');
    expect(line(/is the operator/).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Teaching lesson'), { target: { value: 'audio' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('This lesson has no captions yet: upload a captions file to it, then choose the moment here.')).toBeTruthy();
  });
});
