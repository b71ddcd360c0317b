// The course tree (every module and lesson, without the bodies) is read on every /courses and
// dashboard view, so each process keeps it in memory (DESIGN "The course") and builds it afresh
// after a 'course-changed' event, which the writes publish once they have committed
// (content-data.ts), from this process or, through Redis, from any other.
//
// An event can still be lost: a publish to Redis that failed while the other processes stayed
// subscribed, a process that died between its commit and its publish, a second process on an
// SQLite file, a tool. So the tree also asks the database, at most once every TREE_CHECK_MS,
// whether the rows it was read from changed (tree-version.ts, a query of well under a millisecond),
// and reads them again if so: a missed change lasts that long, not until the next event (issue 33).
import type { Db } from '../../db/client';
import { readCourseTree, type CourseTree } from './content-data';
import { courseTreeVersion } from './tree-version';

/** How long a process answers from its tree before it asks the database whether the course changed. */
export const TREE_CHECK_MS = 1000;

interface Kept {
  /** The rows' label, read before the tree: a write between the two makes the next check read again. */
  version: string;
  tree: CourseTree;
}

export class CourseTreeCache {
  private current: Promise<Kept> | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  /** Told when a check found a change that no event announced (the /courses page is made again). */
  onMissedChange: () => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The next get() reads afresh. A read already running still answers the calls that started before. */
  invalidate(): void {
    this.current = undefined;
  }

  async get(): Promise<CourseTree> {
    const kept = this.current;
    const elapsed = this.clock() - this.checkedAt;
    if (kept && !(elapsed >= 0 && elapsed < TREE_CHECK_MS)) await (this.checking ??= this.check(kept).finally(() => (this.checking = undefined)));
    return (await this.read()).tree;
  }

  private read(): Promise<Kept> {
    if (!this.current) {
      const reading = (async () => {
        const version = await courseTreeVersion(this.db);
        return { version, tree: await readCourseTree(this.db) };
      })();
      this.current = reading;
      this.checkedAt = this.clock();
      // A failed read is not kept: the next call tries again.
      reading.catch(() => {
        if (this.current === reading) this.current = undefined;
      });
    }
    return this.current;
  }

  private async check(kept: Promise<Kept>): Promise<void> {
    this.checkedAt = this.clock();
    try {
      const [was, now] = await Promise.all([kept, courseTreeVersion(this.db)]);
      if (now === was.version || this.current !== kept) return;
    } catch {
      // A read that failed is dropped by read() itself; a check that failed leaves the tree as the
      // events keep it until the next one (a database that cannot answer it fails the call anyway).
      return;
    }
    this.invalidate();
    this.onMissedChange();
  }
}

declare module '../../app-deps' {
  interface AppDeps {
    /** The course tree, read again after every 'course-changed', or when a check finds it changed. */
    courseTree: CourseTreeCache;
  }
}
