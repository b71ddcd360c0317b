// Spec §2, §4, §5 and §8: the admin panel's Dashboard Overview and User Management, end to end.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAdminSection, signIn, watchConsole } from './page-helpers';

const STATS = ['Total users', 'Paid members', 'Free members'] as const;
type Stats = Record<(typeof STATS)[number], number>;

/** The three figures of Dashboard Overview, each a group named by its label. */
async function readStats(page: Page): Promise<Stats> {
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  const stats = {} as Stats;
  for (const label of STATS) {
    const value = page.getByRole('group', { name: label }).getByText(/^[\d,]+$/);
    stats[label] = Number((await value.textContent())!.replace(/,/g, ''));
  }
  return stats;
}

async function expectStats(page: Page, expected: Stats) {
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  for (const label of STATS) {
    await expect(page.getByRole('group', { name: label })).toHaveText(new RegExp(`^${label}\\s*${expected[label]}$`));
  }
}

function userTable(page: Page) {
  const table = page.getByRole('table', { name: /^Users/ });
  // Users' rows only: the header row holds column headers, not cells, and the row that says
  // "Loading users..." (a status) is no user: counting it made a search look done before it was.
  const rows = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ hasNot: page.getByRole('status') });
  return { table, rows };
}

const TREES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Ironwood', 'Juniper', 'Kapok', 'Larch'];

test('an admin reads the stats, searches, sorts, pages, and adds, edits, suspends and deletes a user', async ({ page, request, site }) => {
  test.setTimeout(120_000);
  // A refused sign-in is an expected 401, which the watch leaves out.
  const problems = watchConsole(page);

  // Twelve members share one fragment in their emails, so a search for it finds exactly them.
  const tag = `grove${process.pid}x${Date.now().toString(36)}`;
  const emailOf = (tree: string) => `${tree.toLowerCase()}.${tag}@example.com`;
  const register = async (tree: string) => {
    const response = await request.post('/api/auth/register', {
      data: { name: `${tree} Tester`, email: emailOf(tree), password: 'grove password' },
    });
    expect(response.ok()).toBe(true);
  };
  // The last one joins after all the others, so it heads the default (newest first) order.
  await Promise.all(TREES.slice(0, -1).map(register));
  await register(TREES[TREES.length - 1]!);
  const newcomer = { name: 'Mallow Tester', email: emailOf('Mallow'), password: 'mallow password' };

  await signIn(page, site.admin.email, site.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  const before = await readStats(page);
  expect(before['Total users']).toBe(before['Paid members'] + before['Free members']);
  expect(before['Total users']).toBeGreaterThanOrEqual(TREES.length + 1);

  await test.step('search finds the twelve, newest first, on two pages', async () => {
    await sidebar.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\?section=users$/);
    await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    for (const column of ['Name', 'Email', 'Role', 'Tier', 'Status', 'Password', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }

    const { rows } = userTable(page);
    await page.getByLabel('Search users').fill(tag);
    await expect(rows).toHaveCount(10);
    await expect(rows.filter({ hasNotText: tag })).toHaveCount(0);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    // Default order is newest first, and no column claims it.
    await expect(rows.first()).toContainText('Larch Tester');
    for (const column of ['Name', 'Email', 'Role', 'Tier', 'Status']) {
      await expect(page.getByRole('columnheader', { name: column })).not.toHaveAttribute('aria-sort');
    }
    // The Password column never shows one.
    await expect(rows.first()).not.toContainText('grove password');
  });

  await test.step('a column header sorts ascending, then descending, wherever in its cell it is clicked', async () => {
    const { rows } = userTable(page);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    const names = rows.getByRole('cell', { name: / Tester$/ });

    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText(TREES.slice(0, 10).map((tree) => `${tree} Tester`));

    // The whole header cell is the button: a click near its far edge, beyond the label, sorts too.
    const cell = (await nameHeader.boundingBox())!;
    const labelEnd = await nameHeader.evaluate((th) => {
      const words = document.createRange();
      words.selectNodeContents(th.querySelector('button') ?? th);
      return words.getBoundingClientRect().right;
    });
    expect(cell.x + cell.width - 4).toBeGreaterThan(labelEnd + 16);
    await page.mouse.click(cell.x + cell.width - 4, cell.y + cell.height / 2);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(
      TREES.slice(2)
        .reverse()
        .map((tree) => `${tree} Tester`),
    );
  });

  await test.step('Next and Previous page through, each disabled at its end, and the keyboard keeps its place', async () => {
    const { rows } = userTable(page);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();

    await next.click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(rows.getByRole('cell', { name: / Tester$/ })).toHaveText(['Birch Tester', 'Alder Tester']);
    await expect(next).toBeDisabled();
    // Pressing it again does nothing.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    await previous.click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(rows.first()).toContainText('Larch Tester');
    await expect(previous).toBeDisabled();

    // By keyboard: the button that reaches the end is disabled there and keeps the focus.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(previous).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(previous).toBeFocused();
  });

  await test.step('Add User: a modal dialog that traps focus and closes on Escape', async () => {
    const addUser = page.getByRole('button', { name: 'Add User' });
    await addUser.click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Create User' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addUser).toBeFocused();
  });

  await test.step('Add User creates a free, active user; a taken email is refused in an alert', async () => {
    const { rows } = userTable(page);
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText('free', { exact: true })).toBeVisible();
    await expect(dialog.getByText('active', { exact: true })).toBeVisible();
    await dialog.getByLabel('Name').fill(newcomer.name);
    await dialog.getByLabel('Email').fill(newcomer.email);
    await dialog.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await dialog.getByLabel('Role').selectOption('user');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'User created.' })).toBeVisible();
    await expect(rows.first()).toContainText(newcomer.email);
    await expect(rows.first()).toContainText('free');
    await expect(rows.first()).toContainText('active');

    await page.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByLabel('Name').fill('Mallow Again');
    await dialog.getByLabel('Email').fill(newcomer.email.toUpperCase());
    await dialog.getByLabel('Password', { exact: true }).fill('another password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toHaveAccessibleName('Failed to add user: An account with that email already exists');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('editing the tier moves the user to paid, and the stats follow', async () => {
    const { rows } = userTable(page);
    const row = rows.filter({ hasText: newcomer.email });
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newcomer.email);
    const newPassword = page.getByLabel('New password');
    await expect(newPassword).toHaveValue('');
    await expect(newPassword).toHaveAttribute('placeholder', 'Leave blank to keep');
    await page.getByRole('combobox', { name: 'Tier' }).selectOption('paid');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('paid');
    // How they became an Architect (CONTRACT §6): an admin's hand, not a payment.
    await expect(row.getByRole('cell').nth(3)).toContainText('by hand');
    await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();

    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expectStats(page, {
      'Total users': before['Total users'] + 1,
      'Paid members': before['Paid members'] + 1,
      'Free members': before['Free members'],
    });
  });

  await test.step('the back button returns to User Management; a suspended user cannot sign in', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\?section=users$/);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

    const { rows } = userTable(page);
    await page.getByLabel('Search users').fill(newcomer.email);
    await expect(rows).toHaveCount(1);
    await rows.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('suspended');
    // Enter in any field of the row saves it; the empty new password leaves the password alone.
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(rows.first()).toContainText('suspended');
    await expect(rows.first()).toContainText('paid');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, newcomer.email, newcomer.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });

  await test.step('Delete asks first; Cancel keeps the user, confirming removes it', async () => {
    await signIn(page, site.admin.email, site.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await sidebar.getByRole('link', { name: 'User Management' }).click();
    const { rows } = userTable(page);
    await page.getByLabel('Search users').fill(newcomer.email);
    await expect(rows).toHaveCount(1);

    const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
    await rows.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete this user? This action cannot be undone.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows).toHaveCount(1);

    await rows.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'User deleted.' })).toBeVisible();

    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expectStats(page, before);
  });

  expect(problems).toEqual([]);
});

/**
 * What has the keyboard focus, and whether a person can see it: drawn (not hidden, not see-through,
 * bigger than the 1 px of a visually hidden text), inside the window, and not cut off by a
 * scrolling box around it.
 */
function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const overlaps = (a: DOMRect, b: { left: number; top: number; right: number; bottom: number }) =>
      a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
    let clipped = false;
    for (let around = element.parentElement; around; around = around.parentElement) {
      const style = getComputedStyle(around);
      if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && !overlaps(box, around.getBoundingClientRect())) clipped = true;
    }
    const seen =
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      box.width > 1 &&
      box.height > 1 &&
      overlaps(box, { left: 0, top: 0, right: innerWidth, bottom: innerHeight }) &&
      !clipped;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return { element: `${element.tagName.toLowerCase()} "${name}"`, seen };
  });
}

test('on a 360 px phone the user list sorts from a visible Sort by select, and the keyboard never lands on a control it cannot see', async ({
  page,
  request,
  site,
}) => {
  const problems = watchConsole(page);
  const tag = `sorting${process.pid}x${Date.now().toString(36)}`;
  // Joined in this order, so that newest first, by name and by name backwards are three orders.
  for (const tree of ['Birch', 'Cedar', 'Alder']) {
    const response = await request.post('/api/auth/register', {
      data: { name: `${tree} Phone`, email: `${tree.toLowerCase()}.${tag}@example.com`, password: 'phone password' },
    });
    expect(response.ok()).toBe(true);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await openAdminSection(page, site, { link: 'User Management', query: 'users' });
  const section = page.getByRole('region', { name: 'User Management' });
  const names = userTable(page).rows.getByRole('cell', { name: / Phone$/ });
  await page.getByLabel('Search users').fill(tag);
  await expect(names).toHaveText(['Alder Phone', 'Cedar Phone', 'Birch Phone']);

  // The rows are cards and the header row is gone, its sort buttons with it; one select sorts,
  // and says what order the list is in.
  await expect(section.getByRole('button', { name: 'Name' })).toBeHidden();
  const sortBy = section.getByRole('combobox', { name: 'Sort by' });
  await expect(sortBy).toBeVisible();
  await expect(sortBy.locator('option:checked')).toHaveText('Newest first');

  await test.step('every control the keyboard reaches in the section is on screen', async () => {
    const first = section.getByRole('button', { name: 'Export CSV' });
    await first.focus();
    const reached: string[] = [];
    for (let step = 0; step < 40 && (await section.evaluate((region) => region.contains(document.activeElement))); step++) {
      const focused = await focusedElement(page);
      expect(focused.seen, `${focused.element} has the focus, but cannot be seen`).toBe(true);
      reached.push(focused.element);
      await page.keyboard.press('Tab');
    }
    // The walk went through the section and out of it: the select and the rows' buttons were on it.
    expect(reached.length).toBeLessThan(40);
    expect(reached).toEqual(expect.arrayContaining([expect.stringMatching(/^select /), 'button "Edit"', 'button "Delete"']));
  });

  await test.step('the select sorts, from the keyboard too', async () => {
    await sortBy.selectOption({ label: 'Name, A to Z' });
    await expect(names).toHaveText(['Alder Phone', 'Birch Phone', 'Cedar Phone']);
    await expect(page.getByRole('table', { name: 'Users, sorted by Name, ascending' })).toBeAttached();
    // One step down the list of orders: Name, Z to A.
    await sortBy.focus();
    await page.keyboard.press('ArrowDown');
    await expect(sortBy.locator('option:checked')).toHaveText('Name, Z to A');
    await expect(names).toHaveText(['Cedar Phone', 'Birch Phone', 'Alder Phone']);
    await sortBy.selectOption({ label: 'Newest first' });
    await expect(names).toHaveText(['Alder Phone', 'Cedar Phone', 'Birch Phone']);
  });

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(problems).toEqual([]);
});
