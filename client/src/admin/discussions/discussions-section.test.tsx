// @vitest-environment happy-dom
// The Discussions section through the real tRPC client: only the network is a stand-in, answering
// as the server does (discussion.admin.queue, moderate and ban).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminComment } from '@shared/discussion';
import { AppProviders } from '@/app/providers';
import { signInAs } from '@/course/test-media.test-support';
import { banDay } from './comment-item';
import { DiscussionsSection } from './discussions-section';

const comment = (id: string, memberName: string, changes: Partial<AdminComment> = {}): AdminComment => ({
  _id: id,
  lessonId: 'lesson-1',
  parentId: null,
  author: { _id: `member-${memberName}`, name: memberName },
  body: 'How does **this** work?',
  html: '<p>How does <strong>this</strong> work?</p>',
  atSeconds: 724,
  createdAt: '2026-11-29T12:00:00.000Z',
  editedAt: null,
  status: 'held',
  answered: false,
  pinned: false,
  lesson: { _id: 'lesson-1', title: 'Orbits' },
  member: {
    _id: `member-${memberName}`,
    name: memberName,
    email: `${memberName.toLowerCase()}@example.com`,
    bannedUntil: null,
    letThrough: false,
    comments: 3,
  },
  reports: [],
  ...changes,
});

type Call = { procedure: string; input: Record<string, unknown> };
let queues: Record<string, AdminComment[]>;
let sent: Call[];
/** Comment ids whose moderation the stand-in refuses. */
let refused: Set<string>;

const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

function answer({ procedure, input }: Call): unknown {
  if (procedure === 'discussion.admin.queue') return { result: { data: { comments: queues[input.status as string] ?? [], nextCursor: null } } };
  sent.push({ procedure, input });
  if (procedure === 'discussion.admin.moderate') {
    const { id, ...changes } = input;
    if (refused.has(id as string))
      return { error: { message: `No comment with id '${String(id)}'`, code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } };
    const before = Object.values(queues)
      .flat()
      .find((each) => each._id === id)!;
    return { result: { data: { comment: { ...before, ...changes } } } };
  }
  if (procedure === 'discussion.delete') return { result: { data: { message: 'Comment deleted' } } };
  if (procedure === 'discussion.admin.ban') {
    const until = input.until as string | null;
    return { result: { data: { message: 'ok', bannedUntil: until && `${until}T00:00:00.000Z` } } };
  }
  throw new Error(`unexpected request ${procedure}`);
}

beforeEach(() => {
  signInAs('admin-1');
  sent = [];
  refused = new Set();
  queues = {
    held: [comment('c1', 'Ann'), comment('c2', 'Bob', { atSeconds: null })],
    reported: [
      comment('c3', 'Cleo', {
        status: 'visible',
        reports: [{ member: { _id: 'member-Dan', name: 'Dan' }, reason: 'Rude words', createdAt: '2026-11-29T13:00:00.000Z' }],
      }),
    ],
    all: [comment('c4', 'Eve', { status: 'visible' })],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(request), 'http://site.test');
      // Calls made together travel in one batch: "a,b" with inputs {"0": …, "1": …}.
      const procedures = url.pathname.replace('/trpc/', '').split(',');
      const inputs = JSON.parse(init?.body ? String(init.body) : (url.searchParams.get('input') ?? '{}')) as Record<string, Record<string, unknown>>;
      return json(procedures.map((procedure, index) => answer({ procedure, input: inputs[String(index)] ?? {} })));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show() {
  render(
    <MemoryRouter>
      <AppProviders>
        <DiscussionsSection />
      </AppProviders>
    </MemoryRouter>,
  );
}

const item = (name: string) => screen.findByRole('article', { name });
const status = () => screen.getAllByRole('status').find((line) => line.getAttribute('aria-live') === 'polite' && line.closest('.status-dock'))!;

describe('the Discussions section', () => {
  it('shows the held queue first, each comment with its lesson, moment, member and html, and the reported queue with its reports, which letting through settles', async () => {
    show();
    expect(screen.getByRole('tab', { name: 'Held' }).getAttribute('aria-selected')).toBe('true');
    const ann = await item("Ann's comment on Orbits");
    expect(within(ann).getByRole('link', { name: 'Orbits' }).getAttribute('href')).toBe('/course/lesson-1');
    expect(within(ann).getByRole('link', { name: 'at 12:04' }).getAttribute('href')).toBe('/course/lesson-1?t=724');
    expect(within(ann).getByText('ann@example.com')).toBeTruthy();
    expect(within(ann).getByText(/3 comments/)).toBeTruthy();
    expect(within(ann).getByText(/Not let through yet/)).toBeTruthy();
    expect(within(ann).getByText('this').tagName).toBe('STRONG');
    expect(within(ann).getByText('Held')).toBeTruthy();
    expect(within(await item("Bob's comment on Orbits")).queryByText(/^at /)).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Reported' }));
    const cleo = await item("Cleo's comment on Orbits");
    const reports = within(cleo).getByRole('region', { name: "Reports of Cleo's comment on Orbits" });
    expect(within(reports).getByText('1 report')).toBeTruthy();
    expect(within(reports).getByText('Dan')).toBeTruthy();
    expect(within(reports).getByText(/Rude words/)).toBeTruthy();
    // Select all and the bulk buttons belong to the held queue only.
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();

    // Letting a visible comment through settles its reports: it leaves the reported queue.
    fireEvent.click(within(cleo).getByRole('button', { name: 'Let through' }));
    expect(await screen.findByText('No comment has been reported since it was last moderated.')).toBeTruthy();
    expect(sent).toEqual([{ procedure: 'discussion.admin.moderate', input: { id: 'c3', status: 'visible' } }]);
  });

  it('lets a comment through: it leaves the held queue and the status line says so', async () => {
    show();
    const ann = await item("Ann's comment on Orbits");
    fireEvent.click(within(ann).getByRole('button', { name: 'Let through' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: "Ann's comment on Orbits" })).toBeNull());
    expect(status().textContent).toBe('Comment let through.');
    expect(sent).toEqual([{ procedure: 'discussion.admin.moderate', input: { id: 'c1', status: 'visible' } }]);
    // Focus, gone with the button, goes on to the comment that took its place.
    expect(document.activeElement).toBe(screen.getByRole('article', { name: "Bob's comment on Orbits" }));
  });

  it('lets two selected comments through at once and counts them', async () => {
    show();
    await item("Ann's comment on Orbits");
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Let through selected' }));
    await waitFor(() => expect(status().textContent).toBe('2 comments let through.'));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No comment is waiting for review.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Held' }));
    expect(sent.map((call) => call.input).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([
      { id: 'c1', status: 'visible' },
      { id: 'c2', status: 'visible' },
    ]);
  });

  it('says in words which of a selection could not be hidden, and keeps it', async () => {
    refused.add('c2');
    show();
    await item("Ann's comment on Orbits");
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide selected' }));
    await waitFor(() => expect(status().textContent).toBe("1 of 2 comments hidden. Not hidden: Bob's comment on Orbits (No comment with id 'c2')."));
    expect(screen.queryByRole('article', { name: "Ann's comment on Orbits" })).toBeNull();
    expect(screen.getByRole('article', { name: "Bob's comment on Orbits" })).toBeTruthy();
  });

  it('bans a member from commenting until a date, and shows the ban on their comment', async () => {
    show();
    const ann = await item("Ann's comment on Orbits");
    fireEvent.click(within(ann).getByRole('button', { name: 'Ban from commenting' }));
    const form = within(ann).getByRole('form', { name: 'Ban Ann from commenting' });
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(form).getByLabelText('Banned until'), { target: { value: until } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save ban' }));
    const day = banDay(`${until}T00:00:00.000Z`);
    await waitFor(() => expect(status().textContent).toBe(`Ann cannot comment until ${day}.`));
    expect(sent).toEqual([{ procedure: 'discussion.admin.ban', input: { id: 'member-Ann', until } }]);
    expect(within(ann).getByText(`· Banned from commenting until ${day}`, { exact: false })).toBeTruthy();
    expect(within(ann).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(ann).getByRole('button', { name: 'Ban from commenting' }));
    expect(within(ann).getByRole('button', { name: 'Lift ban' })).toBeTruthy();
  });

  it('pins a comment of the All queue in place, and deletes it only once the admin confirms', async () => {
    show();
    await item("Ann's comment on Orbits");
    const tabs = screen.getByRole('tablist', { name: 'Discussion queues' });
    // The arrow keys move between the queues and open the one they reach.
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'Held' }), { key: 'End' });
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'All' }));
    const eve = await item("Eve's comment on Orbits");
    fireEvent.click(within(eve).getByRole('button', { name: 'Pin' }));
    expect(await within(eve).findByRole('button', { name: 'Unpin' })).toBeTruthy();
    expect(within(eve).getByText('Pinned')).toBeTruthy();
    expect(status().textContent).toBe('Comment pinned.');

    fireEvent.click(within(eve).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete comment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: "Eve's comment on Orbits" })).toBeNull());
    expect(status().textContent).toBe('Comment deleted.');
    expect(sent.map((call) => call.procedure)).toEqual(['discussion.admin.moderate', 'discussion.delete']);
  });
});
