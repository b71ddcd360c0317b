import { describe, expect, it } from 'vitest';
import { clickCue, cueInMoment, momentText, type CueLine } from './quiz-moment';

const cues: CueLine[] = [
  { startSeconds: 240, endSeconds: 252, text: 'Before' },
  { startSeconds: 252, endSeconds: 265.5, text: 'The observer' },
  { startSeconds: 265.5, endSeconds: 280.9, text: 'is the operator' },
  { startSeconds: 281, endSeconds: 290, text: 'After' },
];

describe('a taught moment', () => {
  it("is written as the player's clock writes a time", () => {
    expect(momentText({ startSeconds: 252, endSeconds: 280.9 })).toBe('4:12–4:40');
  });

  it('starts at the first line clicked and ends at the end of the second', () => {
    const started = clickCue(null, cues[1]!, cues);
    expect(started).toEqual({ startSeconds: 252, endSeconds: null });
    expect(cues.map((cue) => cueInMoment(cue, started))).toEqual([false, true, false, false]);
    const whole = clickCue(started, cues[2]!, cues);
    expect(whole).toEqual({ startSeconds: 252, endSeconds: 280.9 });
    expect(cues.map((cue) => cueInMoment(cue, whole))).toEqual([false, true, true, false]);
  });

  it('is one line when the same line is clicked twice', () => {
    expect(clickCue(clickCue(null, cues[1]!, cues), cues[1]!, cues)).toEqual({ startSeconds: 252, endSeconds: 265.5 });
  });

  it('runs from the earlier line to the end of the later one whichever is clicked first', () => {
    expect(clickCue(clickCue(null, cues[2]!, cues), cues[0]!, cues)).toEqual({ startSeconds: 240, endSeconds: 280.9 });
  });

  it('starts anew at a click once a whole moment is picked', () => {
    expect(clickCue({ startSeconds: 252, endSeconds: 280.9 }, cues[3]!, cues)).toEqual({ startSeconds: 281, endSeconds: null });
    expect(cues.map((cue) => cueInMoment(cue, null))).toEqual([false, false, false, false]);
  });
});
