// COURSE_FILES_ROOT at start (files-disk.ts): made if missing, and refused when it and MEDIA_ROOT
// overlap through a symbolic link, which the config's check of the written paths cannot see.
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareCourseFilesRoot } from './files-disk';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-course-root-'));
  mkdirSync(path.join(dir, 'media'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('COURSE_FILES_ROOT at start', () => {
  it('is created, readable by the site’s user only, and answered as its real path', () => {
    const root = prepareCourseFilesRoot(path.join(dir, 'course-files'), path.join(dir, 'media'));
    expect(root).toBe(path.join(dir, 'course-files'));
    expect(statSync(root).mode & 0o777).toBe(0o700);
  });

  it('is refused when a symbolic link puts it inside MEDIA_ROOT, or MEDIA_ROOT inside it', () => {
    mkdirSync(path.join(dir, 'media', 'course'));
    symlinkSync(path.join(dir, 'media', 'course'), path.join(dir, 'lessons'));
    expect(() => prepareCourseFilesRoot(path.join(dir, 'lessons'), path.join(dir, 'media'))).toThrow(
      /COURSE_FILES_ROOT: must not be inside MEDIA_ROOT .* \(through a symbolic link\)/,
    );
    mkdirSync(path.join(dir, 'all'));
    mkdirSync(path.join(dir, 'all', 'media'));
    symlinkSync(path.join(dir, 'all', 'media'), path.join(dir, 'media-link'));
    expect(() => prepareCourseFilesRoot(path.join(dir, 'all'), path.join(dir, 'media-link'))).toThrow(/must not hold MEDIA_ROOT/);
  });
});
