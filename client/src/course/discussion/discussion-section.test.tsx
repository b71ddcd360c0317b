// @vitest-environment happy-dom
// The discussion under a lesson, with its real tRPC client and react-query; only the network
// (fetch) is a stand-in: the §9 calls answer as the server does, and the live stream is a body
// the test writes to.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCUSSION_MESSAGES, type Comment } from '@shared/discussion';
import { AppProviders } from '@/app/providers';
import { signInAs, standIn, type MediaStandIn } from '@/course/test-media.test-support';
import { aComment, aReply } from './comment-fixtures.test-support';
import { DiscussionSection } from './discussion-section';
import { DISCUSSION_WORDS } from './discussion-words';
import { testStream, type TestStream } from './sse-stream.test-support';
import { commentEventsPath } from './use-comment-stream';

type Entry = { result: { data: unknown } } | { error: { message: string; code: number; data: { httpStatus: number } } };

const ok = (data: unknown): Entry => ({ result: { data } });
const refused = (message: string, httpStatus: number): Entry => ({ error: { message, code: -32600, data: { httpStatus } } });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** What the server answers each procedure with, changed by the tests. */
let server: Record<string, (input: Record<string, unknown>) => Entry>;
let calls: Array<[string, Record<string, unknown>]>;
let streams: TestStream[];

const firstPage = (comments: Comment[], nextCursor: string | null = null) => ok({ comments, nextCursor });

beforeEach(() => {
  calls = [];
  streams = [];
  signInAs('member-1');
  server = { 'discussion.list': () => firstPage([]) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const address = String(input);
      if (address === commentEventsPath('l1')) {
        const stream = testStream();
        streams.push(stream);
        return stream.response;
      }
      const url = new URL(address, 'http://localhost');
      const procedures = url.pathname.replace('/trpc/', '').split(',');
      const inputs = (init?.method === 'POST' ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<
        string,
        Record<string, unknown>
      >;
      const entries = procedures.map((procedure, index) => {
        calls.push([procedure, inputs[index]!]);
        const answer = server[procedure];
        if (!answer) throw new Error(`unexpected call ${procedure}`);
        return answer(inputs[index]!);
      });
      const statuses = new Set(entries.map((entry) => ('error' in entry ? entry.error.data.httpStatus : 200)));
      return new Response(JSON.stringify(entries), { status: statuses.size === 1 ? [...statuses][0]! : 207, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The section under a lesson whose player stands at `stand`; `media: false` for a lesson without one. */
async function open({ media = true } = {}) {
  const stand: MediaStandIn = { currentTime: 0, duration: 1800, paused: true, played: [] };
  const video = document.createElement('video');
  standIn(video, stand);
  render(
    <AppProviders>
      <DiscussionSection lessonId="l1" media={media ? video : null} />
    </AppProviders>,
  );
  const region = screen.getByRole('region', { name: 'Discussion' });
  await vi.waitFor(() => expect(within(region).queryByText('Loading the discussion…')).toBeNull());
  return { region, video, stand };
}

const reads = (procedure: string) => calls.filter(([name]) => name === procedure);
const articles = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));
const statusLine = () => document.querySelector('.discussion__status')!.textContent;
const type = (name: string, text: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value: text } });
const press = (name: string, scope: HTMLElement = document.body) => fireEvent.click(within(scope).getByRole('button', { name }));
const article = (name: string) => screen.getByRole('article', { name });

describe('the discussion under a lesson', () => {
  it('lists pinned threads first, marks answered and held ones, and shows replies under their comment', async () => {
    server['discussion.list'] = () =>
      firstPage([
        aComment({ _id: 'p', pinned: true, author: { _id: 'member-3', name: 'Ada' } }),
        aComment({ _id: 'h', status: 'held', author: { _id: 'member-1', name: 'Me' }, body: 'mine', createdAt: minutesAgo(1) }),
        aComment({ _id: 'a', answered: true, replies: [aReply({ _id: 'r', parentId: 'a', author: { _id: 'member-3', name: 'Ada' } })] }),
      ]);
    await open();
    expect(articles()).toEqual(['Comment by Ada', 'Comment by Me', 'Comment by Grace', 'Reply by Ada']);
    expect(within(article('Comment by Ada')).getByText('Pinned')).toBeTruthy();
    expect(within(article('Comment by Me')).getByText('Waiting for review')).toBeTruthy();
    expect(within(article('Comment by Grace')).getByText('Answered')).toBeTruthy();
    expect(within(article('Comment by Grace')).getByRole('list', { name: 'Replies to Grace' })).toBeTruthy();
    // Replies go one level deep.
    expect(within(article('Reply by Ada')).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('loads the next page with Load more', async () => {
    server['discussion.list'] = (input) =>
      input.cursor === 'page-2'
        ? firstPage([aComment({ _id: 'old', author: { _id: 'member-4', name: 'Old' } })])
        : firstPage([aComment({ _id: 'new' })], 'page-2');
    await open();
    press('Load more');
    await screen.findByRole('article', { name: 'Comment by Old' });
    expect(reads('discussion.list').at(-1)![1]).toMatchObject({ id: 'l1', cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('posts at the moment the toggle was ticked, and says plainly that a held comment waits for a review', async () => {
    server['discussion.post'] = (input) =>
      ok({
        comment: aComment({
          _id: 'mine',
          author: { _id: 'member-1', name: 'Me' },
          body: String(input.body),
          status: 'held',
          atSeconds: 724,
          createdAt: minutesAgo(0),
        }),
      });
    const { video, stand } = await open();
    stand.currentTime = 724.6;
    act(() => void video.dispatchEvent(new Event('timeupdate')));
    fireEvent.click(screen.getByRole('checkbox', { name: 'at 12:04' }));
    // The player going on does not move a ticked moment.
    stand.currentTime = 730;
    act(() => void video.dispatchEvent(new Event('timeupdate')));
    expect(screen.getByRole('checkbox', { name: 'at 12:04' })).toHaveProperty('checked', true);
    type('Your comment', 'Why does it **collapse**?');
    press('Post comment');
    await vi.waitFor(() => expect(statusLine()).toBe(DISCUSSION_WORDS.held));
    expect(reads('discussion.post')).toEqual([['discussion.post', { id: 'l1', body: 'Why does it **collapse**?', atSeconds: 724 }]]);
    expect(within(article('Comment by Me')).getByText('Waiting for review')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox', { name: 'at 12:10' })).toHaveProperty('checked', false);
  });

  it('offers no moment on a lesson without a player, and posts without one', async () => {
    server['discussion.post'] = () => ok({ comment: aComment({ _id: 'mine', author: { _id: 'member-1', name: 'Me' } }) });
    await open({ media: false });
    expect(screen.queryByRole('checkbox')).toBeNull();
    type('Your comment', 'Thanks!');
    press('Post comment');
    await vi.waitFor(() => expect(statusLine()).toBe(DISCUSSION_WORDS.posted));
    expect(reads('discussion.post')[0]![1]).toEqual({ id: 'l1', body: 'Thanks!' });
  });

  it("shows the post limit's refusal in the server's words and keeps the text", async () => {
    const limit = DISCUSSION_MESSAGES.tooManyComments('25 minutes');
    server['discussion.post'] = () => refused(limit, 429);
    await open();
    type('Your comment', 'One more');
    press('Post comment');
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveProperty('value', 'One more');
  });

  it('offers Edit on their own comments for 15 minutes after posting, saves the change, and Report on the others', async () => {
    server['discussion.list'] = () =>
      firstPage([
        aComment({ _id: 'fresh', author: { _id: 'member-1', name: 'Me' }, body: 'Fresh', createdAt: minutesAgo(5) }),
        aComment({ _id: 'stale', author: { _id: 'member-1', name: 'Me too' }, body: 'Stale', createdAt: minutesAgo(16) }),
        aComment({ _id: 'theirs', createdAt: minutesAgo(1) }),
      ]);
    server['discussion.edit'] = (input) =>
      ok({
        comment: aComment({
          _id: 'fresh',
          author: { _id: 'member-1', name: 'Me' },
          body: String(input.body),
          html: '<p>Fresher</p>',
          createdAt: minutesAgo(5),
          editedAt: minutesAgo(0),
        }),
      });
    await open();
    const fresh = article('Comment by Me');
    expect(within(fresh).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(article('Comment by Me too')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(article('Comment by Me too')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(article('Comment by Grace')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(article('Comment by Grace')).queryByRole('button', { name: 'Delete' })).toBeNull();

    press('Edit', fresh);
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveProperty('value', 'Fresh');
    expect(document.activeElement).toBe(box);
    type('Edit your comment', 'Fresher');
    press('Save', fresh);
    await vi.waitFor(() => expect(statusLine()).toBe(DISCUSSION_WORDS.edited));
    expect(reads('discussion.edit')[0]![1]).toEqual({ id: 'fresh', body: 'Fresher' });
    expect(within(article('Comment by Me')).getByText('(edited)')).toBeTruthy();
    expect(document.activeElement).toBe(within(article('Comment by Me')).getByRole('button', { name: 'Edit' }));
  });

  it('takes Edit away when the 15 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      server['discussion.list'] = () => firstPage([aComment({ _id: 'mine', author: { _id: 'member-1', name: 'Me' }, body: 'x', createdAt: minutesAgo(14) })]);
      await open();
      expect(within(article('Comment by Me')).getByRole('button', { name: 'Edit' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(within(article('Comment by Me')).queryByRole('button', { name: 'Edit' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a comment with a reason and says the server's thanks", async () => {
    server['discussion.list'] = () => firstPage([aComment({ _id: 'theirs' })]);
    server['discussion.report'] = () => ok({ message: DISCUSSION_MESSAGES.reported });
    await open();
    press('Report', article('Comment by Grace'));
    type('Why should an admin look at it?', 'Spam');
    press('Send report');
    await vi.waitFor(() => expect(statusLine()).toBe('Thanks. An admin will look at it.'));
    expect(reads('discussion.report')[0]![1]).toEqual({ id: 'theirs', reason: 'Spam' });
    expect(screen.queryByRole('textbox', { name: 'Why should an admin look at it?' })).toBeNull();
    expect(document.activeElement).toBe(within(article('Comment by Grace')).getByRole('button', { name: 'Report' }));
  });

  it('replies under the comment', async () => {
    server['discussion.list'] = () => firstPage([aComment({ _id: 'theirs' })]);
    server['discussion.post'] = (input) => ok({ comment: aReply({ _id: 'r', parentId: String(input.parentId), author: { _id: 'member-1', name: 'Me' } }) });
    await open();
    press('Reply', article('Comment by Grace'));
    type('Your reply', 'Me too');
    press('Post reply');
    await screen.findByRole('article', { name: 'Reply by Me' });
    expect(reads('discussion.post')[0]![1]).toEqual({ id: 'l1', body: 'Me too', parentId: 'theirs' });
    expect(statusLine()).toBe(DISCUSSION_WORDS.replied);
  });

  it('deletes their own comment once confirmed', async () => {
    server['discussion.list'] = () => firstPage([aComment({ _id: 'mine', author: { _id: 'member-1', name: 'Me' }, body: 'x' })]);
    server['discussion.delete'] = () => ok({ message: DISCUSSION_MESSAGES.deleted });
    await open();
    press('Delete', article('Comment by Me'));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this comment?' });
    press('Delete comment', dialog);
    await vi.waitFor(() => expect(statusLine()).toBe('Comment deleted'));
    expect(reads('discussion.delete')[0]![1]).toEqual({ id: 'mine' });
    expect(articles()).toEqual([]);
  });

  it('follows the live stream: a new thread goes in, a changed one is replaced, a removed one goes, and `ready` reads the first page again', async () => {
    server['discussion.list'] = () => firstPage([aComment({ _id: 'old', createdAt: '2026-11-28T10:00:00.000Z' })]);
    await open();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    stream.send('comment', { comment: aComment({ _id: 'new', author: { _id: 'member-5', name: 'Lin' }, createdAt: '2026-11-29T11:00:00.000Z' }) });
    await screen.findByRole('article', { name: 'Comment by Lin' });
    expect(articles()).toEqual(['Comment by Lin', 'Comment by Grace']);
    stream.send('comment', { comment: aComment({ _id: 'old', answered: true, createdAt: '2026-11-28T10:00:00.000Z' }) });
    await vi.waitFor(() => expect(within(article('Comment by Grace')).queryByText('Answered')).toBeTruthy());
    stream.send('removed', { _id: 'new' });
    await vi.waitFor(() => expect(articles()).toEqual(['Comment by Grace']));

    const before = reads('discussion.list').length;
    server['discussion.list'] = () => firstPage([aComment({ _id: 'gap', author: { _id: 'member-6', name: 'Gap' } })]);
    stream.send('ready', {});
    await screen.findByRole('article', { name: 'Comment by Gap' });
    expect(reads('discussion.list')).toHaveLength(before + 1);
  });

  it("stops at the stream's `closed` and shows its message", async () => {
    await open();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send('closed', { message: 'You no longer have access to this lesson.' });
    expect((await screen.findByText('You no longer have access to this lesson.')).getAttribute('role')).toBe('status');
  });

  it("seeks the player from a comment's moment", async () => {
    server['discussion.list'] = () => firstPage([aComment({ _id: 'at', atSeconds: 724 })]);
    const { stand } = await open();
    press('at 12:04', article('Comment by Grace'));
    expect(stand.currentTime).toBe(724);
  });
});

describe('a link to a comment', () => {
  it('scrolls to the thread a mail links to once it has loaded, and gives it focus', async () => {
    window.history.replaceState(null, '', '/course/l1#comment-b');
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    server['discussion.list'] = () => firstPage([aComment({ _id: 'a' }), aComment({ _id: 'b', author: { _id: 'member-5', name: 'Bea' } })]);
    try {
      await open();
      await vi.waitFor(() => expect(document.activeElement).toBe(article('Comment by Bea')));
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(article('Comment by Bea').id).toBe('comment-b');
    } finally {
      window.history.replaceState(null, '', '/');
      scrolled.mockRestore();
    }
  });
});
