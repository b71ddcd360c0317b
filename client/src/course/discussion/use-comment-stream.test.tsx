// @vitest-environment happy-dom
// The live stream's hook against a stand-in fetch whose body the test writes: each event reaches
// its handler, `closed` ends it for good with the server's words, and a drop is tried again after
// 1 s, 2 s, 4 s ... up to 30 s (the jitter pinned at its top), starting over after a `ready`.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@shared/discussion';
import { signInAs } from '@/course/test-media.test-support';
import { aComment } from './comment-fixtures.test-support';
import { testStream, type TestStream } from './sse-stream.test-support';
import { commentEventsPath, useCommentStream } from './use-comment-stream';

const thread: Comment = aComment({ _id: 'c1', html: '<p>Why?</p>', atSeconds: 724 });

let fetchMock: ReturnType<typeof vi.fn>;
let token = '';
let random: { mockRestore: () => void } | undefined;
/** Pins the jitter: 1 waits the whole base, 0 half of it. */
const pinRandom = (value: number) => (random = vi.spyOn(Math, 'random').mockReturnValue(value));

beforeEach(() => {
  token = signInAs('member-1');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  random?.mockRestore();
  random = undefined;
  vi.unstubAllGlobals();
  localStorage.clear();
});

function handlers() {
  return { onComment: vi.fn(), onRemoved: vi.fn(), onReady: vi.fn() };
}

/** Lets the stream's reads and the hook's awaits run. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

describe('the live stream of a discussion', () => {
  it('reads the stream with the bearer token and hands each event to its handler, keep-alives skipped', async () => {
    const stream = testStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    const on = handlers();
    renderHook(() => useCommentStream('l1', on));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(commentEventsPath('l1'));
    expect(path).toBe('/api/course/lessons/l1/comments/events');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);

    stream.send('ready', {});
    stream.write(': keep-alive\n\n');
    stream.send('comment', { comment: thread });
    // An event cut in two by the network arrives whole.
    stream.write('event: removed\ndata: {"_id":');
    await settle();
    expect(on.onRemoved).not.toHaveBeenCalled();
    stream.write('"c0"}\n\n');
    await settle();
    expect(on.onReady).toHaveBeenCalledTimes(1);
    expect(on.onComment).toHaveBeenCalledWith(thread);
    expect(on.onRemoved).toHaveBeenCalledWith('c0');
  });

  it("stops on `closed`, answers the server's message, and never connects again", async () => {
    vi.useFakeTimers();
    const stream = testStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    const { result } = renderHook(() => useCommentStream('l1', handlers()));
    await act(() => vi.advanceTimersByTimeAsync(0));
    stream.send('closed', { message: 'Your session has ended. Sign in again.' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.closed).toBe('Your session has ended. Sign in again.');
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops on a refusal before the stream (the lesson locked), without a message', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(new Response('{"message":"This lesson is for Architects"}', { status: 403 }));
    const { result } = renderHook(() => useCommentStream('l1', handlers()));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.closed).toBeNull();
  });

  it('connects again after a drop, waiting 1 s, then twice as long each time up to 30 s', async () => {
    vi.useFakeTimers();
    pinRandom(1);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderHook(() => useCommentStream('l1', handlers()));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (const [index, wait] of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000].entries()) {
      await act(() => vi.advanceTimersByTimeAsync(wait - 1));
      expect(fetchMock).toHaveBeenCalledTimes(index + 1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(fetchMock).toHaveBeenCalledTimes(index + 2);
    }
  });

  it('spreads each wait over its upper half (jitter)', async () => {
    vi.useFakeTimers();
    pinRandom(0);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderHook(() => useCommentStream('l1', handlers()));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts the waits over once a new connection said `ready`, and reconnects when the server ends the stream', async () => {
    vi.useFakeTimers();
    pinRandom(1);
    const streams: TestStream[] = [];
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => {
        const stream = testStream();
        streams.push(stream);
        return stream.response;
      });
    const on = handlers();
    renderHook(() => useCommentStream('l1', on));
    // Fails at once, after 1 s, then connects after 2 s more.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    streams[0]!.send('ready', {});
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(on.onReady).toHaveBeenCalledTimes(1);
    streams[0]!.end();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('ends the connection when the section goes', async () => {
    const stream = testStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    const { unmount } = renderHook(() => useCommentStream('l1', handlers()));
    await settle();
    const signal = (fetchMock.mock.calls[0] as [string, RequestInit])[1].signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });
});
