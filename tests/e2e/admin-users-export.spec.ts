// CONTRACT §3 "Operators", issue 12: Export CSV in User Management downloads the members matching
// the current search and sort, all pages, and its rows are the table's rows.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

const BOM = '\uFEFF';
const HEADER = 'id,name,email,role,membershipTier,status,createdAt';

/** Names the CSV must carry intact, each with its cell in the file (quoted, or made inert). */
const NAMES: Array<[name: string, cell: string]> = [
  ['Alder Tester', 'Alder Tester'],
  ['Birch Tester', 'Birch Tester'],
  ['Cedar Tester', 'Cedar Tester'],
  ['Dogwood Tester', 'Dogwood Tester'],
  ['Elm Tester', 'Elm Tester'],
  ['Fir Tester', 'Fir Tester'],
  ['Ginkgo Tester', 'Ginkgo Tester'],
  ['Hazel Tester', 'Hazel Tester'],
  ['Zoë Ängström Tester', 'Zoë Ängström Tester'],
  ['Ölund, "Oak" Tester', '"Ölund, ""Oak"" Tester"'],
  ['=Yew Tester', "'=Yew Tester"],
  ['+Plum Tester', "'+Plum Tester"],
];
const cellOf = new Map(NAMES);

/** The user rows on screen, each as its Name, Email, Role, Tier and Status cells. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page
    .getByRole('table', { name: /^Users/ })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ hasNot: page.getByRole('status') });
  const texts: string[][] = [];
  // The email cell also says whether the address is verified, which the file leaves out (CONTRACT §5).
  const withoutBadge = (text: string) => text.trim().replace(/\s*(not )?verified$/, '');
  for (const row of await rows.all()) texts.push((await row.getByRole('cell').allTextContents()).slice(0, 5).map(withoutBadge));
  return texts;
}

/** Every page of the table, from the first. */
async function allTableRows(page: Page, pages: number): Promise<string[][]> {
  const rows: string[][] = [];
  for (let n = 1; n <= pages; n++) {
    await expect(page.getByText(`Page ${n} of ${pages}`)).toBeVisible();
    rows.push(...(await tableRows(page)));
    if (n < pages) await page.getByRole('button', { name: 'Next' }).click();
  }
  return rows;
}

/** The file's records: the BOM and header checked, then one line per member (no name here breaks a line). */
async function fileRecords(download: Download): Promise<string[]> {
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith(`${BOM}${HEADER}\r\n`)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(BOM.length).split('\r\n').slice(1, -1);
}

/** The record the file must hold for a row of the table: its cells, between an id and a time. */
function expectRecordsMatch(records: string[], rows: string[][]) {
  expect(records).toHaveLength(rows.length);
  rows.forEach(([name, email, role, tier, status], i) => {
    const cells = [cellOf.get(name!) ?? name, email, role, tier, status].join(',');
    expect(records[i], `row ${i + 1}`).toMatch(new RegExp(`^[0-9a-f-]{36},${escapeRegExp(cells)},\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$`));
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('Export CSV downloads every member matching the search, in the table order, by mouse and by keyboard', async ({ page, request, site }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  // Twelve members share one fragment in their emails, so a search for it finds exactly them.
  const tag = `export${process.pid}x${Date.now().toString(36)}`;
  // One after another, in the list's order: the order of joining is then known.
  for (const [i, [name]] of NAMES.entries()) {
    const response = await request.post('/api/auth/register', { data: { name, email: `m${i}.${tag}@example.com`, password: 'export password' } });
    expect(response.ok()).toBe(true);
  }

  await openAdminSection(page, site, { link: 'User Management', query: 'users' });
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await page.getByLabel('Search users').fill(tag);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  await test.step('by mouse, sorted by name: the file holds both pages, in the table order', async () => {
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button', { name: 'Name' }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    // The header turns at the click; the rows follow once the list reloads (half a second later).
    // Alder joined first: it is on page 2 in the order of joining, and third by name.
    await expect(
      page
        .getByRole('table', { name: /^Users/ })
        .getByRole('row')
        .nth(3),
    ).toContainText('Alder Tester');

    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const records = await fileRecords(download);
    await expect(page.getByRole('status').filter({ hasText: `Exported 12 users to ${download.suggestedFilename()}.` })).toBeVisible();
    expectRecordsMatch(records, await allTableRows(page, 2));
  });

  await test.step('by keyboard, sorted by email descending: the file follows the new order', async () => {
    const emailHeader = page.getByRole('columnheader', { name: 'Email' });
    await emailHeader.getByRole('button', { name: 'Email' }).click();
    await emailHeader.getByRole('button', { name: 'Email' }).click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('cell', { name: `m9.${tag}@example.com` })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /^Users/ })
        .getByRole('row')
        .nth(1),
    ).toContainText(`m9.${tag}@example.com`);

    // From the search field back past Add User.
    await page.getByLabel('Search users').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(exportButton).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const records = await fileRecords(download);
    await expect(exportButton).toBeFocused();
    expectRecordsMatch(records, await allTableRows(page, 2));
  });

  expect(problems).toEqual([]);

  await test.step('a refusal is said in the status line, and nothing is downloaded', async () => {
    // The admin's sessions end elsewhere: the export is refused with the server's words.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await request.post('/api/auth/logout-all', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
    let downloads = 0;
    page.on('download', () => downloads++);
    await exportButton.click();
    await expect(page.getByRole('alert')).toHaveText('Export error: Your session has expired. Please sign in again.');
    expect(downloads).toBe(0);
  });
});

test('on a 360 px phone Export CSV fits the screen and works from the keyboard', async ({ page, request, site }) => {
  const problems = watchConsole(page);
  const tag = `phone${process.pid}x${Date.now().toString(36)}`;
  for (const name of ['Quince Tester', 'Rowan Tester']) {
    const response = await request.post('/api/auth/register', {
      data: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.com`, password: 'export password' },
    });
    expect(response.ok()).toBe(true);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await openAdminSection(page, site, { link: 'User Management', query: 'users' });
  await page.getByLabel('Search users').fill(tag);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await exportButton.focus();
  await expect(exportButton).toBeInViewport();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expectRecordsMatch(await fileRecords(download), await tableRows(page));
  const status = page.getByRole('status').filter({ hasText: 'Exported 2 users to' });
  await expect(status).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(problems).toEqual([]);
});
