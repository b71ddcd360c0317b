// CONTRACT §3 "Operators": the admin panel's Audit Log, end to end: an edit made in User Management
// is at the top of the log, the filter narrows it by action, and it works on a 360 px phone.
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

const AUDIT = { link: 'Audit Log', query: 'audit' };

function auditTable(page: Page) {
  const table = page.getByRole('table', { name: 'Audit log, newest first' });
  // Entries only: the header row has no cells, and "Loading the audit log..." is a status.
  const rows = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ hasNot: page.getByRole('status') });
  return { table, rows };
}

test('the audit log shows an edit just made in User Management, and filters by action', async ({ page, request, site }) => {
  // Two sections, a debounced search and a reload: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const email = uniqueEmail('audited');
  expect((await request.post('/api/auth/register', { data: { name: 'Audrey Audited', email, password: 'audited password' } })).ok()).toBe(true);

  await openAdminSection(page, site, { link: 'User Management', query: 'users' });
  await page.getByLabel('Search users').fill(email);
  const row = page
    .getByRole('table', { name: /^Users/ })
    .getByRole('row')
    .filter({ hasText: email });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('combobox', { name: 'Tier' }).selectOption('paid');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('paid');

  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await sidebar.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\?section=audit$/);
  await expect(sidebar.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 2 })).toBeVisible();
  for (const column of ['When', 'Actor', 'Action', 'Target', 'Summary']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const { rows } = auditTable(page);
  const newest = rows.first();
  await expect(newest.getByRole('cell')).toHaveText([/\d/, site.admin.email, 'user.update', /^user /, `${email}: changed tier free → paid`]);

  // The filter, by keyboard: the next action down the list is user.create, which this edit is not.
  const filter = page.getByRole('combobox', { name: 'Action' });
  await expect(filter).toHaveValue('');
  await filter.focus();
  await page.keyboard.press('ArrowDown');
  await expect(filter).toHaveValue('user.create');
  await expect(rows.filter({ hasText: `created ${site.admin.email}` })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: 'user.create' })).toHaveCount(0);

  await filter.selectOption('user.update');
  await expect(rows.first()).toContainText(`${email}: changed tier free → paid`);
  await expect(page.getByRole('navigation', { name: 'Audit log pages' })).toContainText(/Page 1 of \d+/);

  // A reload keeps the section, and the entry is still the newest.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 2 })).toBeVisible();
  await expect(auditTable(page).rows.first()).toContainText(`${email}: changed tier free → paid`);
  expect(problems).toEqual([]);
});

test('on a 360 px phone the Audit Log fits the screen and each entry reads as a card', async ({ page, site }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await openAdminSection(page, site, AUDIT);
  const { rows } = auditTable(page);
  await expect(rows.first()).toBeVisible();
  // The first admin's creation is in every site's log: it has no signed-in actor.
  const created = rows.filter({ hasText: `created ${site.admin.email}` });
  await expect(created.getByRole('cell', { name: 'not signed in' })).toBeVisible();
  await expect(created.getByRole('cell').last()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('combobox', { name: 'Action' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Audit log table' })).toBeFocused();
  expect(problems).toEqual([]);
});
