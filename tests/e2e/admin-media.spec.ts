// Spec §2, §4, §5 and §8: the admin panel's Media Manager, end to end: upload through the file
// picker, the library with its thumbnails, refusals, deleting, and switching the media type.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, uniqueStem, type Site } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

/** A file name no other test on this worker's server uses. */
const uniqueName = (stem: string, extension: string) => `${uniqueStem(stem)}.${extension}`;

async function pngFile(name: string, background = '#336699') {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const openMediaManager = (page: Page, site: Site) => openAdminSection(page, site, { link: 'Media Manager', query: 'media' });

function mediaPage(page: Page) {
  return {
    fileInput: page.getByLabel(/click to browse/),
    pendingTitle: page.getByRole('heading', { name: /^Files Ready for Upload \(\d+\)$/ }),
    libraryTitle: page.getByRole('heading', { name: /^Current \w+ Library \(\d+\)$/ }),
    uploadButton: page.getByRole('button', { name: 'Upload Files' }),
    /** A library card, found by its checkbox. */
    libraryItem: (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) }),
  };
}

const GREEN = 'rgb(142, 232, 180)';
const RED = 'rgb(255, 157, 157)';

async function uploadThroughPicker(page: Page, files: Awaited<ReturnType<typeof pngFile>>[]) {
  const media = mediaPage(page);
  await media.fileInput.setInputFiles(files);
  await expect(media.pendingTitle).toHaveText(`Files Ready for Upload (${files.length})`);
  await media.uploadButton.click();
  await expect(page.getByText(`Successfully uploaded ${files.length} file(s) to images.`)).toBeVisible();
  await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
}

test('an admin uploads an image through the file picker and finds it in the library with its thumbnail', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);
  const name = uniqueName('dawn', 'png');

  await test.step('the upload area says what it takes', async () => {
    await expect(page.getByRole('radiogroup', { name: 'Media type' }).getByRole('radio', { name: 'Images' })).toBeChecked();
    await expect(page.getByText('Max file size: 200MB per file')).toBeVisible();
    await expect(page.getByText('Supported: .jpg, .jpeg, .png, .gif, .webp, .bmp, .svg')).toBeVisible();
    await expect(media.fileInput).toHaveAttribute('multiple', '');
    await expect(media.fileInput).toHaveAttribute('accept', /\.png/);
  });

  await test.step('a picked file waits in the list with its preview, size and type', async () => {
    await media.fileInput.setInputFiles([await pngFile(name)]);
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('image/png');
    await expect(row).toContainText(/\d+(\.\d)? (B|KB)/);
    await expect(row.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
    const preview = row.locator('img');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });

  await test.step('Upload Files sends it, clears the list and says so in green', async () => {
    await media.uploadButton.click();
    const message = page.getByRole('status').filter({ hasText: 'Successfully uploaded 1 file(s) to images.' });
    await expect(message).toBeVisible();
    await expect(message).toHaveCSS('color', GREEN);
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
  });

  await test.step('the library shows it with a thumbnail from /thumbs/', async () => {
    const item = media.libraryItem(name);
    await expect(item).toBeVisible();
    const thumbnail = item.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /^\/thumbs\/image\//);
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('the quiet rescan after the upload brings the scan summary up to date', async () => {
    const title = await media.libraryTitle.textContent();
    const count = /\((\d+)\)/.exec(title ?? '')![1]!;
    const summary = page.getByRole('region', { name: 'File Scanner' });
    await expect(summary.getByRole('definition').nth(1)).toHaveText(count);
  });

  expect(problems).toEqual([]);
});

test('files the media type does not take are refused, and the good ones of the same pick are kept', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);
  const good = uniqueName('good', 'png');

  await test.step('Upload Files with nothing chosen', async () => {
    await media.uploadButton.click();
    await expect(page.getByRole('status').filter({ hasText: 'No files to upload.' })).toBeVisible();
  });

  await test.step("an .exe is refused with the type's word; the png beside it is listed", async () => {
    await media.fileInput.setInputFiles([
      { name: 'x.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ not really a program') },
      await pngFile(good),
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Invalid file types: x.exe. Please select valid images files.' })).toBeVisible();
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');
    await expect(page.getByRole('button', { name: `Remove ${good}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove x.exe' })).toHaveCount(0);
  });

  await test.step('a file removed from the list goes, and Clear All empties it', async () => {
    await page.getByRole('button', { name: `Remove ${good}` }).click();
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
    await media.fileInput.setInputFiles([await pngFile(uniqueName('a', 'png')), await pngFile(uniqueName('b', 'png'))]);
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (2)');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
  });

  await test.step('files dropped on the upload area go through the same checks', async () => {
    const dropped = uniqueName('dropped', 'png');
    const { buffer } = await pngFile(dropped);
    const dataTransfer = await page.evaluateHandle(
      ({ name, bytes }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        transfer.items.add(new File(['just words'], 'notes.txt', { type: 'text/plain' }));
        return transfer;
      },
      { name: dropped, bytes: [...buffer] },
    );
    // The zone's words change while a drag is over it.
    const zone = page.getByText(/^(Drag and drop images here, or click to browse|Drop images to add them)$/);
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(page.getByText('Drop images to add them')).toBeVisible();
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('Drag and drop images here, or click to browse')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Invalid file types: notes.txt. Please select valid images files.' })).toBeVisible();
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');
    await expect(page.getByRole('button', { name: `Remove ${dropped}` })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All' }).click();
  });

  await test.step('a file whose content is not what its name says is refused by the server, in red', async () => {
    const fake = uniqueName('fake', 'png');
    await media.fileInput.setInputFiles([{ name: fake, mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') }]);
    await media.uploadButton.click();
    const message = page.getByRole('status').filter({ hasText: /^Upload error: / });
    await expect(message).toContainText(fake);
    await expect(message).toHaveCSS('color', RED);
    // All or nothing: the refused file stays listed for another try, and is not in the library.
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');
    await expect(media.libraryItem(fake)).toHaveCount(0);
  });

  expect(problems).toEqual([]);
});

test('an admin ticks a library file and deletes it after confirming', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);
  const keep = uniqueName('keep', 'png');
  const doomed = uniqueName('doomed', 'png');
  await uploadThroughPicker(page, [await pngFile(keep, '#224466'), await pngFile(doomed, '#884422')]);

  const deleteButton = page.getByRole('button', { name: /^Delete Selected \(\d+\)$/ });
  await expect(deleteButton).toHaveText('Delete Selected (0)');
  await expect(deleteButton).toBeDisabled();

  await page.getByRole('checkbox', { name: doomed, exact: true }).check();
  await expect(deleteButton).toHaveText('Delete Selected (1)');
  await expect(deleteButton).toBeEnabled();

  await test.step('Cancel keeps the file', async () => {
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete files' });
    await expect(dialog).toContainText(doomed);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(media.libraryItem(doomed)).toBeVisible();
  });

  await test.step('Delete removes it and says so', async () => {
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete files' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted 1 file(s).' })).toBeVisible();
    await expect(media.libraryItem(doomed)).toHaveCount(0);
    // The ticked file and the Delete button are out of reach now: focus waits on the library's title.
    await expect(media.libraryTitle).toBeFocused();
    await expect(media.libraryItem(keep)).toBeVisible();
    await expect(deleteButton).toHaveText('Delete Selected (0)');
    await expect(deleteButton).toBeDisabled();
  });

  await test.step('the file is gone from the server too', async () => {
    const response = await page.request.get(`/media/image/${encodeURIComponent(doomed)}`);
    expect(response.status()).toBe(404);
  });

  expect(problems).toEqual([]);
});

test("switching the media type clears the pending files and shows that type's library", async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);

  await media.fileInput.setInputFiles([await pngFile(uniqueName('pending', 'png'))]);
  await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');

  const types = page.getByRole('radiogroup', { name: 'Media type' });
  await types.getByRole('radio', { name: 'Videos' }).check();
  await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
  await expect(media.libraryTitle).toHaveText('Current Videos Library (0)');
  await expect(page.getByText('No videos found. Upload some files or check your base path.')).toBeVisible();
  await expect(page.getByText('Supported: .mp4, .webm, .ogg, .mov, .avi, .mkv, .m4v')).toBeVisible();
  await expect(media.fileInput).toHaveAttribute('accept', /\.mp4/);

  // A picture is not a video.
  await media.fileInput.setInputFiles([await pngFile('still.png')]);
  await expect(page.getByRole('status').filter({ hasText: 'Invalid file types: still.png. Please select valid videos files.' })).toBeVisible();

  await types.getByRole('radio', { name: 'Audio' }).check();
  await expect(media.libraryTitle).toHaveText('Current Audio Library (0)');
  await expect(page.getByText('No audio found. Upload some files or check your base path.')).toBeVisible();

  expect(problems).toEqual([]);
});

test('the scanner scans on demand and the library can be hidden and shown again', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);
  const scanner = page.getByRole('region', { name: 'File Scanner' });

  await scanner.getByRole('button', { name: 'Scan Files' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Scan complete: \d+ file\(s\) found/ })).toBeVisible();
  await expect(scanner.getByRole('term').filter({ hasText: 'Last scan' })).toBeVisible();
  await expect(scanner.locator('time')).toBeVisible();

  const toggle = scanner.getByRole('button', { name: 'Hide Library' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(media.libraryTitle).toHaveCount(0);
  const show = scanner.getByRole('button', { name: 'Show Library' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(media.libraryTitle).toBeVisible();

  await scanner.getByRole('button', { name: 'Rescan now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Scan complete/ })).toBeVisible();

  expect(problems).toEqual([]);
});

test('the quiet rescan after an upload leaves both scan buttons free and spins neither', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const scanner = page.getByRole('region', { name: 'File Scanner' });
  const scanFiles = scanner.getByRole('button', { name: 'Scan Files' });
  const rescan = scanner.getByRole('button', { name: 'Rescan now' });
  // The first scan (if this server never had one) is over before scans are held.
  await expect(scanner.locator('time')).toBeVisible();

  // Scans wait for the test's word, so the one under way can be looked at.
  let release = () => {};
  let held = 0;
  await page.route('**/trpc/media.scan**', async (route) => {
    held += 1;
    await new Promise<void>((resolve) => (release = resolve));
    await route.fallback();
  });

  await test.step('a manual scan spins its own button only, until it is done', async () => {
    await scanFiles.click();
    await expect.poll(() => held).toBe(1);
    await expect(scanFiles).toHaveAttribute('aria-busy', 'true');
    await expect(rescan).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: /^Scan complete/ })).toBeVisible();
    await expect(scanFiles).not.toHaveAttribute('aria-busy');
    await expect(rescan).toBeEnabled();
  });

  await test.step('the silent rescan half a second after an upload presses no button', async () => {
    await uploadThroughPicker(page, [await pngFile(uniqueName('quiet', 'png'))]);
    await expect.poll(() => held).toBe(2);
    await expect(scanner.getByText('Scanning…')).toBeVisible();
    await expect(scanFiles).not.toHaveAttribute('aria-busy');
    await expect(scanFiles).toBeEnabled();
    await expect(rescan).toBeEnabled();
    release();
    await expect(scanner.getByText('Scanning…')).toBeHidden();
  });

  expect(problems).toEqual([]);
});

test('without a base path, uploading and scanning ask for one and nothing scans by itself', async ({ page, site }) => {
  const problems = watchConsole(page);
  await openMediaManager(page, site);
  const media = mediaPage(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const read = await page.request.get('/api/slider/config', { headers });
  expect(read.ok()).toBe(true);
  const { data: original } = (await read.json()) as { data: Record<string, unknown> };
  const saveConfig = async (config: Record<string, unknown>) => {
    const response = await page.request.put('/api/slider/config', { headers, data: config });
    expect(response.ok()).toBe(true);
  };

  // The worker's other tests share this server: the base path comes back whatever happens here.
  await saveConfig({ ...original, backgroundsBasePath: '' });
  try {
    const scans: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('media.scan')) scans.push(request.url());
    });
    await page.reload();
    await expect(page.getByText('No base path is set. Please set a base path in Background Manager first.')).toBeVisible();
    await expect(page.getByText('No images found. Upload some files or check your base path.')).toBeVisible();

    await media.fileInput.setInputFiles([await pngFile(uniqueName('homeless', 'png'))]);
    await media.uploadButton.click();
    await expect(page.getByRole('status').filter({ hasText: 'Please set a base path in Background Manager first.' })).toBeVisible();
    await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');

    await page.getByRole('button', { name: 'Scan Files' }).click();
    // Spec §5's words, and spec §2's colour rule: the line has no "error" in it, so it is green.
    const refusal = page.getByRole('status').filter({ hasText: /^Please set a base path first$/ });
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveCSS('color', GREEN);
    // Neither by itself nor on the button: with no base path there is nothing to ask the server.
    expect(scans).toEqual([]);
  } finally {
    await saveConfig(original);
  }
  expect(problems).toEqual([]);
});

test('on a 360 px phone the Media Manager fits the screen and stays usable by keyboard', async ({ page, site }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await openMediaManager(page, site);
  const media = mediaPage(page);
  await media.fileInput.setInputFiles([await pngFile(uniqueName('a-rather-long-name-for-a-small-phone-screen', 'png'))]);
  await expect(media.pendingTitle).toHaveText('Files Ready for Upload (1)');
  await expect(media.libraryTitle).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The radio group is one tab stop; the arrow keys move the choice.
  const images = page.getByRole('radio', { name: 'Images' });
  await images.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Videos' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Videos' })).toBeFocused();
  await expect(media.pendingTitle).toHaveText('Files Ready for Upload (0)');
  // The next stop is the file input, inside the drop zone.
  await page.keyboard.press('Tab');
  await expect(media.fileInput).toBeFocused();
  expect(problems).toEqual([]);
});
