// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { TranscriptPanel } from './transcript-panel';
import type { Cue } from './use-caption-cues';

const cues: Cue[] = ['One.', 'Two.', 'Three.', 'Four.'].map((text, index) => ({ start: index * 5, text, source: {} as TextTrackCue }));

// Restored by hand: restoreAllMocks would also take away the console.error guard of the setup file.
const spies: MockInstance[] = [];

/** Lays the lines out as a browser would (happy-dom has no layout): 30 px each, in a 60 px high list. */
function layOut() {
  spies.push(
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(30),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(60),
    vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'LI' ? [...this.parentElement!.children].indexOf(this) * 30 : 0;
    }),
  );
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => {
  cleanup();
  for (const spy of spies.splice(0)) spy.mockRestore();
  vi.unstubAllGlobals();
});

describe('the transcript panel', () => {
  it('says when there is nothing to list yet', () => {
    const { rerender } = render(<TranscriptPanel cues={[]} current={-1} hasTrack onSeek={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('The transcript is loading…');
    rerender(<TranscriptPanel cues={[]} current={-1} hasTrack={false} onSeek={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('No transcript yet.');
  });

  it('seeks to the start of the line pressed', () => {
    const onSeek = vi.fn();
    render(<TranscriptPanel cues={cues} current={-1} hasTrack onSeek={onSeek} />);
    fireEvent.click(screen.getByRole('button', { name: /Three\./ }));
    expect(onSeek).toHaveBeenCalledWith(10);
  });

  for (const reduce of [false, true]) {
    it(`brings the current line into the panel's view ${reduce ? 'at once when less motion is asked for' : 'smoothly'}, never scrolling the page`, () => {
      prefersReducedMotion(reduce);
      layOut();
      const panelScroll = vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(() => {});
      const pageScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      spies.push(panelScroll, pageScroll);
      const { rerender } = render(<TranscriptPanel cues={cues} current={0} hasTrack onSeek={() => {}} />);
      // The first line is in view: nothing moves.
      expect(panelScroll).not.toHaveBeenCalled();
      rerender(<TranscriptPanel cues={cues} current={3} hasTrack onSeek={() => {}} />);
      expect(panelScroll).toHaveBeenCalledExactlyOnceWith({ top: 70, behavior: reduce ? 'auto' : 'smooth' });
      expect(pageScroll).not.toHaveBeenCalled();
    });
  }
});
