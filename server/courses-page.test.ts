// The courses page's renders at run time: none while the course is as the build had it, the
// visitors' outline once it changed, and never an older render over a newer one.
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { COURSE_SEED_MODULES, DEFAULT_OUTLINE } from '../shared/course-seed';
import type { CourseTree } from './course/content/content-data';
import { coursesPageRenderer } from './courses-page';
import type { VisitorPages } from './http/client';

const seededTree = (): CourseTree => ({
  modules: COURSE_SEED_MODULES.map(({ id, title, summary }, position) => ({
    _id: id,
    title,
    summary,
    position,
    published: true,
    opensAfterDays: 0,
    lessons: [],
  })),
});

function recordingPages() {
  const calls: Array<{ data: unknown; kept: boolean }> = [];
  const pages: VisitorPages = {
    rerender: async (_path, data, stillWanted = () => true) => {
      await new Promise((resolve) => setTimeout(resolve, data === null ? 0 : 20));
      calls.push({ data, kept: stillWanted() });
    },
  };
  return { pages, calls };
}

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('the courses page rendered again', () => {
  it('goes back to the build page, rendering nothing, while visitors see the untouched ten modules', async () => {
    const { pages, calls } = recordingPages();
    await coursesPageRenderer({ get: async () => seededTree() }, pages, Date.now, log)();
    expect(calls).toEqual([{ data: null, kept: true }]);
  });

  it('renders the visitors outline once a module is renamed, and leaves drafts out', async () => {
    const tree = seededTree();
    tree.modules[0]!.title = 'Before Newton';
    tree.modules[1]!.published = false;
    const { pages, calls } = recordingPages();
    await coursesPageRenderer({ get: async () => tree }, pages, Date.now, log)();
    const outline = (calls[0]!.data as { courseOutline: typeof DEFAULT_OUTLINE }).courseOutline;
    expect(outline.map((module) => module.title)).toEqual(['Before Newton', ...DEFAULT_OUTLINE.slice(2).map((module) => module.title)]);
  });

  it('drops a slow render that a newer one overtook', async () => {
    const changed = seededTree();
    changed.modules[0]!.title = 'Before Newton';
    let next = changed;
    const { pages, calls } = recordingPages();
    const render = coursesPageRenderer({ get: async () => next }, pages, Date.now, log);
    const slow = render();
    next = seededTree();
    await Promise.all([slow, render()]);
    // The build page (fast) lands first and is kept; the older, slower render of the change is not.
    expect(calls).toEqual([
      { data: null, kept: true },
      { data: expect.objectContaining({ courseOutline: expect.any(Array) }), kept: false },
    ]);
  });

  it('keeps the page it had and logs when the course cannot be read', async () => {
    const { pages, calls } = recordingPages();
    await coursesPageRenderer({ get: () => Promise.reject(new Error('database gone')) }, pages, Date.now, log)();
    expect(calls).toEqual([]);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining('keeps the text it had'));
  });
});
