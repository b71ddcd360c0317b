// The courses page paints the outline before any script runs (issue 26): the build prerendered it
// with an untouched install's ten modules, and once an admin has changed what visitors see, this
// renders it again with the visitors' outline, at start and after every 'course-changed' from any
// process. Until the new render is done, the page it had is served.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_OUTLINE } from '../shared/course-seed';
import type { CourseTreeCache } from './course/content/outline-cache';
import { outlineFor } from './course/content/outline';
import type { VisitorPages } from './http/client';

export const COURSES_PATH = '/courses';

/** Renders /courses for the course as it is now; call it once the tree cache has been told of the change. */
export function coursesPageRenderer(
  courseTree: Pick<CourseTreeCache, 'get'>,
  pages: VisitorPages,
  clock: () => number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let latest = 0;
  return async () => {
    const run = ++latest;
    const stillWanted = () => run === latest;
    try {
      const { modules } = outlineFor(await courseTree.get(), null, clock());
      // The build's page is exactly this outline's: no render, and no React loaded, until the course changes.
      await pages.rerender(COURSES_PATH, isDeepStrictEqual(modules, DEFAULT_OUTLINE) ? null : { courseOutline: modules }, stillWanted);
    } catch (error) {
      log.error({ err: error }, 'could not render the courses page again: it keeps the text it had');
    }
  };
}
