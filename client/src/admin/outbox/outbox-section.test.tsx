// @vitest-environment happy-dom
// The Mail outbox section through the real tRPC client: only the network is a stand-in, answering
// outbox.list as the server does.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { signInAs } from '@/course/test-media.test-support';
import { OutboxSection } from './outbox-section';

const mail = (state: string, changes: Record<string, unknown> = {}) => ({
  _id: `mail-${state}`,
  key: `reply:thread-1:${state}`,
  kind: 'comment.reply',
  member: { _id: 'member-1', email: 'ann@example.com' },
  subject: 'Someone replied to your comment on Orbits',
  state,
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-29T12:00:00.000Z',
  updatedAt: '2026-11-29T12:00:00.000Z',
  sentAt: null,
  ...changes,
});

const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
let asked: unknown[] = [];

beforeEach(() => {
  signInAs('admin-1');
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: RequestInfo | URL) => {
      const url = new URL(String(request), 'http://site.test');
      const procedure = url.pathname.replace('/trpc/', '');
      if (procedure !== 'outbox.list') throw new Error(`unexpected request ${procedure}`);
      const input = (JSON.parse(url.searchParams.get('input')!) as Record<string, { status: string }>)['0']!;
      asked.push(input.status);
      const mails =
        input.status === 'failed'
          ? [mail('failed', { attempts: 9, lastError: '550 5.1.1 Mailbox unavailable', updatedAt: '2026-11-30T12:00:00.000Z' })]
          : input.status === 'pending'
            ? [mail('pending')]
            : [];
      return json([{ result: { data: { mails, nextCursor: null } } }]);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('shows what waits, and in the Failed tab a failed mail with its tries and last error', async () => {
  render(
    <AppProviders>
      <OutboxSection />
    </AppProviders>,
  );
  const waiting = await screen.findByRole('article', { name: 'Someone replied to your comment on Orbits, to ann@example.com' });
  expect(within(waiting).getByText('Pending')).toBeTruthy();
  expect(within(waiting).queryByText('Last error')).toBeNull();

  fireEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  expect(screen.getByRole('tabpanel', { name: 'Failed' })).toBeTruthy();
  const failed = await screen.findByRole('article', { name: 'Someone replied to your comment on Orbits, to ann@example.com' });
  expect(within(failed).getByText('Failed')).toBeTruthy();
  expect(within(failed).getByText('Reply to a comment')).toBeTruthy();
  expect(within(failed).getByText('9')).toBeTruthy();
  expect(within(failed).getByText('Last error')).toBeTruthy();
  expect(within(failed).getByText('550 5.1.1 Mailbox unavailable')).toBeTruthy();

  fireEvent.click(screen.getByRole('tab', { name: 'Sent' }));
  expect(await screen.findByText('No mail has been sent yet.')).toBeTruthy();
  expect(asked).toEqual(['pending', 'failed', 'sent']);
});
