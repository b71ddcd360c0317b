// The module.opened pass (CONTRACT §9; decision 052): for today (UTC), every Architect for whom a
// dripped module opened today, by the access rule's whole days (access.ts), gets one mail naming
// every such module, under the key `module-opened:{memberId}:{day}`: however often the pass runs,
// and in however many processes, a member gets at most one a day. A module the member has already
// opened a lesson of (an admin's change of opensAfterDays can make that happen) is not named, and
// no mail goes when none is left.
import { and, inArray } from 'drizzle-orm';
import { DAY_MS, SITE_NAME } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { courseProgress } from '../../db/schema';
import { commitThenPublish } from '../../events/after-commit';
import type { EventBus } from '../../events/event-bus';
import { enqueueMail, utcDay } from '../../jobs/outbox-data';
import { findArchitectsPaidBetween } from '../../users/data';
import { readCourseTree } from '../content/content-data';

export interface ModuleOpenedDeps {
  db: Db;
  events: EventBus;
  appUrl: string;
}

/** Ids per query's `in (…)`: well under either database's limit on parameters. */
const CHUNK = 500;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Of `memberIds`, those who have a progress row on one of `lessonIds`: they have opened the module. */
async function membersWhoOpened(db: Db, memberIds: string[], lessonIds: string[]): Promise<Set<string>> {
  const opened = new Set<string>();
  for (const members of chunks(memberIds)) {
    const rows = await db
      .selectDistinct({ userId: courseProgress.userId })
      .from(courseProgress)
      .where(and(inArray(courseProgress.userId, members), inArray(courseProgress.lessonId, lessonIds)));
    for (const { userId } of rows) opened.add(userId);
  }
  return opened;
}

export const moduleOpenedKey = (memberId: string, day: string) => `module-opened:${memberId}:${day}`;

function moduleOpenedMail(name: string, titles: string[], appUrl: string) {
  const named = titles.map((title) => `“${title}”`);
  const list = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
  return {
    subject: titles.length === 1 ? `${titles[0]} is open` : `${titles.length} new modules are open`,
    paragraphs: [`Hello ${name}, ${list} opened for you today in the ${SITE_NAME} course.`, 'Take your time: the lessons stay open for you from now on.'],
    link: { label: 'Go to the course', url: `${appUrl}/courses` },
  };
}

/** Writes today's module.opened mails to the outbox; answers how many were written. */
export async function runModuleOpenedPass(deps: ModuleOpenedDeps, now: number): Promise<number> {
  const dayStart = now - (now % DAY_MS);
  const day = utcDay(now);
  const tree = await readCourseTree(deps.db);
  // Per member, the modules that opened for them today.
  const opened = new Map<string, { name: string; titles: string[] }>();
  for (const module of tree.modules) {
    const lessonIds = module.lessons.filter((lesson) => lesson.published).map((lesson) => lesson._id);
    // Drafts, modules open from the first day (no drip) and empty ones open nothing worth a mail.
    if (!module.published || module.opensAfterDays === 0 || lessonIds.length === 0) continue;
    const paidFrom = dayStart - module.opensAfterDays * DAY_MS;
    const members = await findArchitectsPaidBetween(deps.db, paidFrom, paidFrom + DAY_MS);
    if (members.length === 0) continue;
    const already = await membersWhoOpened(
      deps.db,
      members.map((member) => member.id),
      lessonIds,
    );
    for (const member of members) {
      if (already.has(member.id)) continue;
      const entry = opened.get(member.id) ?? { name: member.name, titles: [] };
      entry.titles.push(module.title);
      opened.set(member.id, entry);
    }
  }
  let written = 0;
  for (const [memberId, { name, titles }] of opened) {
    const mail = moduleOpenedMail(name, titles, deps.appUrl);
    const fresh = await commitThenPublish(deps, (tx, events) =>
      enqueueMail(tx, { key: moduleOpenedKey(memberId, day), userId: memberId, kind: 'module.opened', ...mail }, events, now),
    );
    if (fresh) written++;
  }
  return written;
}
