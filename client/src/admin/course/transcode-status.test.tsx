// @vitest-environment happy-dom
// The Course Manager's word on each media file's stream (CONTRACT §7): the state in words, the bar
// while it runs, Retry on a failed one through the real tRPC client (only the network is a
// stand-in, answering as the server does), and the tree read again only while a transcode is under way.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { signInAs } from '@/course/test-media.test-support';
import type { AdminFile, AdminModule } from './course-types';
import { TranscodeStatus } from './transcode-status';
import { transcodesUnderWay, type Transcode } from './transcode-words';

const media = (transcode: Transcode | null): AdminFile => ({ _id: 'f1', role: 'media', name: 'lecture.mov', size: 1000, lang: null, label: null, transcode });

function show(transcode: Transcode | null) {
  const showStatus = vi.fn();
  const onChanged = vi.fn(async () => undefined);
  const view = render(
    <AppProviders>
      <TranscodeStatus file={media(transcode)} onChanged={onChanged} showStatus={showStatus} />
    </AppProviders>,
  );
  return { view, showStatus, onChanged };
}

const ORIGINAL_NOTE = 'Until the stream is ready, members get the original file.';
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
let sent: unknown[] = [];
let answer: () => Response;

beforeEach(() => {
  signInAs('admin-1');
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/trpc/course.files.transcode')) throw new Error(`unexpected request ${url}`);
      sent.push((JSON.parse(String(init!.body)) as Record<string, unknown>)['0']);
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a media file's stream in the Course Manager", () => {
  it('says a queued one, and what members get meanwhile', () => {
    show({ state: 'queued', percent: 0, error: null });
    expect(screen.getByText('Preparing the stream: queued')).toBeTruthy();
    expect(screen.getByText(ORIGINAL_NOTE)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a running one as a named progress bar with its percent', () => {
    show({ state: 'running', percent: 42, error: null });
    const bar = screen.getByRole('progressbar', { name: 'Preparing the stream: 42 %' });
    expect(bar.getAttribute('value')).toBe('42');
    expect(bar.getAttribute('max')).toBe('100');
    expect(screen.getByText(ORIGINAL_NOTE)).toBeTruthy();
  });

  it('says a done one is ready, with no note', () => {
    show({ state: 'done', percent: 100, error: null });
    expect(screen.getByText('Streaming ready')).toBeTruthy();
    expect(screen.queryByText(ORIGINAL_NOTE)).toBeNull();
  });

  it('says why one failed, and a media file without a transcode gets the original', () => {
    const failed = show({ state: 'failed', percent: 12, error: 'ffmpeg could not read the video: the file ends too early' });
    expect(screen.getByText('The stream failed: ffmpeg could not read the video: the file ends too early')).toBeTruthy();
    failed.view.unmount();
    show(null);
    expect(screen.getByText('No stream for this file: members get the original file.')).toBeTruthy();
  });

  it('retries a failed one, says so and reads the course again', async () => {
    answer = () => json([{ result: { data: { transcode: { state: 'queued', percent: 0, error: null } } } }]);
    const { showStatus, onChanged } = show({ state: 'failed', percent: 0, error: 'ffmpeg was stopped' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry the stream of lecture.mov' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ id: 'f1' }]);
    expect(showStatus).toHaveBeenCalledWith('The stream of lecture.mov is being prepared again', { tone: 'success' });
  });

  it("says why a retry was refused, in the server's words", async () => {
    answer = () => json([{ error: { message: 'No media file with id f1', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } }], 404);
    const { showStatus, onChanged } = show({ state: 'failed', percent: 0, error: 'ffmpeg was stopped' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry the stream of lecture.mov' }));
    await waitFor(() => expect(showStatus).toHaveBeenCalledTimes(1));
    expect(showStatus).toHaveBeenCalledWith('The stream of lecture.mov was not started again: No media file with id f1', { tone: 'error', durationMs: 6000 });
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('reading the course tree again', () => {
  const tree = (...transcodes: Array<Transcode | null>) =>
    [{ lessons: [{ files: transcodes.map((transcode) => media(transcode)) }] }] as unknown as AdminModule[];

  it('goes on only while some transcode is queued or running', () => {
    expect(transcodesUnderWay(tree({ state: 'done', percent: 100, error: null }, { state: 'running', percent: 5, error: null }))).toBe(true);
    expect(transcodesUnderWay(tree({ state: 'queued', percent: 0, error: null }))).toBe(true);
    expect(transcodesUnderWay(tree({ state: 'done', percent: 100, error: null }, { state: 'failed', percent: 0, error: 'x' }, null))).toBe(false);
    expect(transcodesUnderWay(undefined)).toBe(false);
  });
});
