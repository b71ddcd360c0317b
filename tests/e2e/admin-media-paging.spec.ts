// A library past one page (CONTRACT "Media (admin)": limit and cursor): the Media Manager's list
// and the Background Manager's grid load the next page as their end scrolls into view, and a
// playlist whose files sit past the first page still shows them and keeps them on save.
import type { APIRequestContext, Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, uniqueStem } from './fixtures';
import { adminToken, readConfig, writeConfig, type Config } from './admin-api';
import { openAdminSection, watchConsole } from './page-helpers';

/** One page is 200 files (client/src/lib/use-library-pages.ts): this library is a page and a bit. */
const COUNT = 230;
const UPLOAD_BATCH = 50;
const nameOf = (index: number) => `page-${String(index).padStart(3, '0')}.png`;

async function fillLibrary(request: APIRequestContext, token: string, basePath: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#558' } })
    .png()
    .toBuffer();
  for (let start = 0; start < COUNT; start += UPLOAD_BATCH) {
    const form = new FormData();
    form.append('mediaType', 'image');
    form.append('basePath', basePath);
    for (let index = start; index < Math.min(COUNT, start + UPLOAD_BATCH); index++) {
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), nameOf(index));
    }
    const response = await request.post('/api/media/upload', { headers: { Authorization: `Bearer ${token}` }, multipart: form });
    expect(response.ok()).toBe(true);
  }
}

/** Scrolls the page to a grid and the grid to its end, as a reader would. */
async function scrollToEnd(grid: Locator) {
  await grid.evaluate((element) => element.lastElementChild?.scrollIntoView({ block: 'end' }));
}

test.describe('a library of more than one page', () => {
  let basePath: string;
  let token: string;
  let original: Config;

  test.beforeEach(async ({ request, site }) => {
    test.setTimeout(90_000);
    token = await adminToken(request, site);
    original = await readConfig(request, token);
    basePath = uniqueStem('paged');
    await fillLibrary(request, token, basePath);
    await writeConfig(request, token, { ...original, backgroundsBasePath: basePath });
  });

  test.afterEach(async ({ request }) => {
    await writeConfig(request, token, original);
  });

  test('the Media Manager shows the first page, counts them all, and loads the rest as the list scrolls', async ({ page, site }) => {
    const problems = watchConsole(page);
    await openAdminSection(page, site, { link: 'Media Manager', query: 'media' });
    const library = page.locator('.media-library');
    await expect(library.getByRole('heading', { name: `Current Images Library (${COUNT})` })).toBeVisible();
    const boxes = library.getByRole('list').first().getByRole('checkbox');
    await expect(boxes).toHaveCount(200);
    await expect(library.getByLabel('Select the 200 images shown')).toBeVisible();

    await scrollToEnd(library.getByRole('list').first());
    await expect(boxes).toHaveCount(COUNT);
    await expect(library.getByRole('checkbox', { name: nameOf(COUNT - 1), exact: true })).toBeVisible();
    await expect(library.getByRole('button', { name: 'Load more images' })).toHaveCount(0);
    await expect(library.getByLabel('Select all images')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the Load more button loads the next page by keyboard too, and takes focus to the first new file', async ({ page, site }) => {
    await openAdminSection(page, site, { link: 'Media Manager', query: 'media' });
    const library = page.locator('.media-library');
    const more = library.getByRole('button', { name: 'Load more images' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(library.getByRole('list').first().getByRole('checkbox')).toHaveCount(COUNT);
    // The last page took the button away: focus went on to the first file it brought, not to the page.
    await expect(library.getByRole('checkbox', { name: nameOf(200), exact: true })).toBeFocused();
  });

  test('the Background Manager grid pages too, and a playlist of files past the first page shows them and keeps them', async ({ page, request, site }) => {
    const problems = watchConsole(page);
    const name = uniqueStem('Deep');
    const last = `/media/image/${nameOf(COUNT - 1)}`;
    const gone = `/media/image/${uniqueStem('gone')}.png`;
    const created = await request.post('/api/playlists', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name,
        items: [
          { type: 'image', url: last },
          { type: 'image', url: gone },
        ],
      },
    });
    expect(created.status()).toBe(201);

    await openAdminSection(page, site, { link: 'Background Manager', query: 'backgrounds' });
    const images = page.getByRole('region', { name: 'Image Library' });
    await expect(images.getByText(`${COUNT} files`)).toBeVisible();
    const tiles = images.getByRole('list').getByRole('button', { name: /^page-\d+\.png$/ });
    await expect(tiles).toHaveCount(200);

    const playlists = page.getByRole('region', { name: 'Playlists' });
    await playlists.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const strip = page.getByRole('region', { name: `Playlist: ${name} (Drag to reorder)` });
    // The last file is not on the grid's first page, yet the strip has its preview; the other is gone.
    const kept = strip.getByRole('button', { name: `${nameOf(COUNT - 1)}, position 1 of 2`, exact: true });
    await expect(kept.locator('img')).toHaveAttribute('src', new RegExp(`^/thumbs/image/${nameOf(COUNT - 1)}`));
    await expect(strip.getByRole('button', { name: /, position 2 of 2, no longer in the library$/ })).toBeVisible();

    await scrollToEnd(images.getByRole('list'));
    await expect(tiles).toHaveCount(COUNT);
    // Files of the second page are selected ones like any other.
    await expect(images.getByRole('button', { name: nameOf(COUNT - 1), exact: true })).toHaveAttribute('aria-pressed', 'true');

    await playlists.getByRole('button', { name: 'Save Selected Playlist' }).click();
    await expect(playlists.getByRole('status')).toHaveText('Playlist saved; 1 missing file(s) dropped.');
    const response = await request.get('/api/playlists', { headers: { Authorization: `Bearer ${token}` } });
    const { data } = (await response.json()) as { data: { name: string; items: unknown[] }[] };
    expect(data.find((playlist) => playlist.name === name)?.items).toEqual([{ type: 'image', url: last }]);
    expect(problems).toEqual([]);
  });
});
