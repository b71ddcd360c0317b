// @vitest-environment happy-dom
// The Account page's mail settings through the real tRPC client: only the network is a stand-in,
// answering as the server does.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { signInAs } from '@/course/test-media.test-support';
import { MailSettingsForm } from './mail-settings-form';

const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
let saved: unknown[] = [];

beforeEach(() => {
  signInAs('member-1');
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const procedure = new URL(String(input), 'http://site.test').pathname.replace('/trpc/', '');
      if (procedure === 'account.mailSettings') return json([{ result: { data: { replies: true, courseUpdates: true } } }]);
      if (procedure === 'account.updateMailSettings') {
        const input = (JSON.parse(String(init!.body)) as Record<string, unknown>)['0'];
        saved.push(input);
        return json([{ result: { data: input } }]);
      }
      throw new Error(`unexpected request ${procedure}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('shows both lists on, saves one turned off, and says so', async () => {
  render(
    <AppProviders>
      <MailSettingsForm />
    </AppProviders>,
  );
  const form = await screen.findByRole('form', { name: 'Mail settings' });
  const replies = within(form).getByRole('checkbox', { name: 'Replies to my comments, and my questions marked answered' }) as HTMLInputElement;
  const updates = within(form).getByRole('checkbox', { name: 'Course updates, such as a module that opens for me' }) as HTMLInputElement;
  expect([replies.checked, updates.checked]).toEqual([true, true]);
  fireEvent.click(replies);
  fireEvent.click(within(form).getByRole('button', { name: 'Save mail settings' }));
  expect(await within(form).findByText('Mail settings saved.')).toBeTruthy();
  expect(saved).toEqual([{ replies: false, courseUpdates: true }]);
  expect(replies.checked).toBe(false);
});
