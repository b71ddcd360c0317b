// The course's outline as GET /api/course answers it for the viewer: each module with its
// lessons, a lesson the viewer may open as a link, a locked one with the reason in words. On the
// courses page (a visitor page, prerendered) and on the dashboard. It imports nothing from ui/:
// shared by the visitor bundle and the lazy dashboard, importing ui/icon from it makes Rolldown
// 1.2 split React and the tRPC client out of the entry into a chunk of their own (rolldown#9963),
// one more file before any visitor page runs (tests/e2e/visitor-pages.spec.ts counts the files).
import { Link } from 'react-router-dom';
import type { OutlineLesson, OutlineModule } from '@shared/course';
import './module-list.css';
import './course-outline.css';

// Made on first use: the first date format a page makes costs the browser 10-20 ms (it loads the
// locale's data), which on the courses page would be spent before the page can be used, for a line
// that most outlines never show (docs/decisions/038).
let openingDayFormat: Intl.DateTimeFormat | undefined;

/** '2025-03-12' → '12 March'. */
export const openingDay = (day: string) =>
  (openingDayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));

function ModuleCountLine({ count }: { count: ModuleCount }) {
  if (count.totalLessons === 0) return null;
  return (
    <p className="module__count">
      {count.completedLessons} of {count.totalLessons} lessons complete
    </p>
  );
}

function LessonState({ lesson, opensAt }: { lesson: OutlineLesson; opensAt: string | null }) {
  switch (lesson.reason) {
    case 'sign-in':
      return (
        <Link className="lesson-item__state" to="/login">
          Sign in
        </Link>
      );
    case 'architect':
      return (
        <span className="lesson-item__state">
          For Architects · <Link to="/courses#tiers">Upgrade</Link>
        </span>
      );
    case 'opens':
      return <span className="lesson-item__state">{opensAt ? `Opens on ${openingDay(opensAt)}` : 'Opens later'}</span>;
    default:
      return null;
  }
}

/** A module's lessons done, of its published ones (the member's progress, on the dashboard). */
export interface ModuleCount {
  completedLessons: number;
  totalLessons: number;
}

export function CourseOutlineList({
  modules,
  labelledBy,
  counts,
}: {
  modules: readonly OutlineModule[];
  labelledBy?: string;
  counts?: ReadonlyMap<string, ModuleCount> | undefined;
}) {
  return (
    <ol className="module-list" aria-labelledby={labelledBy}>
      {modules.map((module, index) => (
        <li key={module._id} className="module module--outline">
          <span className="module__number" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className="module__body">
            <h3 className="module__title">{module.title}</h3>
            {counts?.get(module._id) && <ModuleCountLine count={counts.get(module._id)!} />}
            {module.summary && <p className="module__description">{module.summary}</p>}
            {module.lessons.length > 0 && (
              <ol className="lesson-list" aria-label={`Lessons of ${module.title}`}>
                {module.lessons.map((lesson) => (
                  <li key={lesson._id} className={`lesson-item${lesson.locked ? ' lesson-item--locked' : ''}`}>
                    {lesson.locked ? <span className="lesson-item__title">{lesson.title}</span> : <Link to={`/course/${lesson._id}`}>{lesson.title}</Link>}
                    {lesson.freePreview && <span className="lesson-item__tag">Free preview</span>}
                    <LessonState lesson={lesson} opensAt={module.opensAt} />
                  </li>
                ))}
              </ol>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
