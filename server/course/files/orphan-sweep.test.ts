// The sweep of COURSE_FILES_ROOT (issue 26 "Deleting ... leaves nothing behind"): a file that no
// course_files row names goes once untouched for an hour, at start and then daily; a lesson's
// file, a file being uploaded or just given its name, a folder, a symbolic link and what it points
// at stay. Real files in a real root, a real database with a real upload.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { buildApp } from '../../app';
import { ORPHAN_AGE_MS, startOrphanFileSweeps, sweepOrphanFiles } from './orphan-sweep';
import { TUS_FOLDER } from './tus-store';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const quiet = pino({ level: 'silent' });
/** A clock two hours on: every file written by the test so far is then more than an hour old. */
const later = () => Date.now() + 2 * ORPHAN_AGE_MS;

let site: AdminApp;
let outside: string;
beforeEach(async () => {
  site = await startAdminApp();
  outside = mkdtempSync(path.join(tmpdir(), 'qc-outside-root-'));
});
afterEach(async () => {
  await closeAdminApp(site);
  rmSync(outside, { recursive: true, force: true });
});

const root = () => site.t.config.courseFilesRoot;
/** A name as the site gives a stored file, and an upload's temporary one. */
const storedLike = (extension: string) => `${randomUUID()}.${extension}`;
const uploadLike = () => `.upload-${randomUUID()}`;
const inRoot = (name: string) => path.join(root(), name);
const listing = () => readdirSync(root()).sort();

/** A lesson with a PDF attachment, uploaded as the admin does; the attachment's stored name and download URL for a member. */
async function lessonFile() {
  const course = courseSite(site);
  const module = await course.createModule({ title: 'Files', published: true });
  const lesson = await course.createLesson({ moduleId: module._id, title: 'With a workbook', freePreview: true });
  const stored = `${await course.uploadFile(lesson._id, { role: 'attachment' }, { name: 'workbook.pdf', type: 'application/pdf', content: PDF })}.pdf`;
  const member = await course.member('reader@example.com');
  const url = async () =>
    ((await course.api('GET', `/api/course/lessons/${lesson._id}`, undefined, member.token)).body as { lesson: { attachments: Array<{ url: string }> } }).lesson
      .attachments[0]!.url;
  return { stored, url };
}

describe('the orphan sweep of COURSE_FILES_ROOT', () => {
  it('removes at start the files no row names, untouched for an hour; keeps lessons’ files, files being uploaded, folders and symbolic links', async () => {
    const { stored, url } = await lessonFile();
    const [dead, crashed, streaming] = [storedLike('pdf'), uploadLike(), uploadLike()];
    writeFileSync(inRoot(dead), PDF);
    writeFileSync(inRoot(crashed), 'half a file');
    // Still streaming at the clock the site starts with: written to ten minutes before it.
    writeFileSync(inRoot(streaming), 'a file on its way');
    const tenMinutesBefore = new Date(later() - 10 * 60 * 1000);
    utimesSync(inRoot(streaming), tenMinutesBefore, tenMinutesBefore);
    // Not a name the site gives: the root was set to a folder that holds other files too.
    writeFileSync(inRoot('notes.txt'), 'an operator’s own file');
    mkdirSync(inRoot('a-folder'));
    writeFileSync(inRoot('a-folder/inside.pdf'), PDF);
    writeFileSync(path.join(outside, 'target.pdf'), PDF);
    symlinkSync(path.join(outside, 'target.pdf'), inRoot('link-out.pdf'));
    symlinkSync(inRoot(dead), inRoot('link-in.pdf'));
    // A resumable upload's bytes, in tus's folder (tus-store.ts): the upload's expiry is theirs (tus-expiry.ts), never this sweep.
    const resumable = path.join(TUS_FOLDER, randomUUID());
    writeFileSync(inRoot(resumable), 'half an upload');
    const twoHoursBefore = new Date(later() - 2 * 60 * 60 * 1000);
    utimesSync(inRoot(resumable), twoHoursBefore, twoHoursBefore);

    const restarted = await buildApp(site.t.config, { clientDir: undefined, logStream: site.t.logs, clock: later });
    try {
      expect(listing()).toEqual([streaming, TUS_FOLDER, 'a-folder', 'link-in.pdf', 'link-out.pdf', 'notes.txt', stored].sort());
      expect(existsSync(inRoot(resumable))).toBe(true);
      expect(readdirSync(inRoot('a-folder'))).toEqual(['inside.pdf']);
      expect(existsSync(path.join(outside, 'target.pdf'))).toBe(true);
      const said = site.t.logs.text
        .split('\n')
        .filter((line) => line.includes('no lesson names'))
        .map((line) => (JSON.parse(line) as { removed: string[] }).removed.sort());
      expect(said).toEqual([[crashed, dead].sort()]);
    } finally {
      await restarted.close();
    }
    // The lesson's file is whole and still served.
    const download = await site.t.app.inject({ url: await url() });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps a file given its name a moment ago (link() moves its ctime), however long ago its bytes were written', async () => {
    // An upload's file keeps its temporary file's times when linked to its stored name; its row commits a moment later.
    const linked = storedLike('mp4');
    writeFileSync(inRoot(linked), 'bytes');
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(inRoot(linked), longAgo, longAgo);
    expect(await sweepOrphanFiles(site.db.db, root(), quiet, Date.now())).toEqual([]);
    expect(listing()).toContain(linked);
    // An hour on with still no row: an orphan.
    expect(await sweepOrphanFiles(site.db.db, root(), quiet, later())).toEqual([linked]);
    expect(listing()).not.toContain(linked);
  });

  it('removes each orphan once, without an error, when two processes sharing the root sweep at once', async () => {
    const { stored } = await lessonFile();
    const orphans = Array.from({ length: 60 }, (_, i) => (i % 2 ? storedLike('pdf') : `${randomUUID()}-${i}.pdf`)).sort();
    for (const name of orphans) writeFileSync(inRoot(name), PDF);
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const [a, b] = await Promise.all([sweepOrphanFiles(site.db.db, root(), log, later()), sweepOrphanFiles(site.db.db, root(), log, later())]);
    expect([...a, ...b].sort()).toEqual(orphans);
    expect(lines).toEqual([]);
    expect(listing()).toEqual([TUS_FOLDER, stored].sort());
  });

  it('sweeps again on its timer, so a file orphaned while the site runs goes, and stops when told', async () => {
    const stop = await startOrphanFileSweeps(site.db.db, root(), quiet, { clock: later, everyMs: 20 });
    try {
      const leftBehind = storedLike('pdf');
      writeFileSync(inRoot(leftBehind), PDF);
      await vi.waitFor(() => expect(listing()).not.toContain(leftBehind), { timeout: 5000, interval: 20 });
    } finally {
      await stop();
    }
    const afterTheStop = storedLike('pdf');
    writeFileSync(inRoot(afterTheStop), PDF);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listing()).toContain(afterTheStop);
  });
});
