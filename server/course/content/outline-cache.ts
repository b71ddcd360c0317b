// The course tree (every module and lesson, without the bodies) is read on every /courses and
// dashboard view, so each process keeps it in memory (DESIGN "The course") and builds it afresh
// after a 'course-changed' event, which the writes publish once they have committed
// (content-data.ts), from this process or, through Redis, from any other.
import type { Db } from '../../db/client';
import { readCourseTree, type CourseTree } from './content-data';

export class CourseTreeCache {
  private current: Promise<CourseTree> | undefined;

  constructor(private readonly db: Db) {}

  /** The next get() reads afresh. A read already running still answers the calls that started before. */
  invalidate(): void {
    this.current = undefined;
  }

  get(): Promise<CourseTree> {
    if (!this.current) {
      const reading = readCourseTree(this.db);
      this.current = reading;
      // A failed read is not kept: the next call tries again.
      reading.catch(() => {
        if (this.current === reading) this.current = undefined;
      });
    }
    return this.current;
  }
}

declare module '../../app-deps' {
  interface AppDeps {
    /** The course tree, read again after every 'course-changed'. */
    courseTree: CourseTreeCache;
  }
}
