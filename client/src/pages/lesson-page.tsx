// A lesson (CONTRACT §4 GET /api/course/lessons/{id}): its text as the server rendered it, and the
// lessons before and after it that the member may open. Members only, in its own chunk.
import { Link, useParams } from 'react-router-dom';
import { CourseSearch } from '../course/course-search';
import { MarkComplete } from '../course/mark-complete';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../lib/use-page-title';
import { ButtonLink } from '../ui/button';
import { Panel } from '../ui/panel';
import { StatusMessage } from '../ui/status-message';
import './lesson-page.css';

export function LessonPage() {
  const { lessonId = '' } = useParams();
  const reading = trpc.course.lesson.useQuery({ id: lessonId }, { retry: false });
  const lesson = reading.data?.lesson;
  usePageTitle(lesson?.title ?? 'Lesson');

  if (reading.error) {
    // The refusal's own words (CONTRACT §4): "This lesson is for Architects", "This module opens on …", "No lesson with id …".
    const status = reading.error.data?.httpStatus;
    return (
      <div className="page lesson-page">
        <Panel className="lesson-page__panel">
          <h1 className="lesson-page__title">{status === 404 ? 'No such lesson' : 'This lesson is locked'}</h1>
          <StatusMessage tone="error">{reading.error.message}</StatusMessage>
          <div className="actions">
            {status === 403 && (
              <ButtonLink to="/courses#tiers" variant="primary">
                Become an Architect
              </ButtonLink>
            )}
            <ButtonLink to="/courses" variant="secondary">
              Back to the course
            </ButtonLink>
          </div>
        </Panel>
      </div>
    );
  }

  if (!reading.data || !lesson) {
    return (
      <div className="page lesson-page">
        <p className="muted" role="status">
          Loading the lesson…
        </p>
      </div>
    );
  }

  const { previousId, nextId } = reading.data;
  return (
    <div className="page lesson-page">
      <Panel as="article" className="lesson-page__panel" aria-labelledby="lesson-title">
        <p className="eyebrow">Lesson</p>
        <h1 id="lesson-title" className="lesson-page__title">
          {lesson.title}
        </h1>
        {lesson.summary && <p className="lesson-page__summary">{lesson.summary}</p>}
        {/* The server's rendering of the lesson's Markdown (raw HTML off, links checked: server/course/markdown.ts). */}
        <div className="lesson-body" dangerouslySetInnerHTML={{ __html: lesson.html }} />
        <MarkComplete lessonId={lesson._id} completedAt={reading.data.progress.completedAt} positionSeconds={reading.data.progress.positionSeconds} />
      </Panel>
      <nav className="lesson-page__nav" aria-label="Lessons">
        {previousId ? (
          <Link className="lesson-page__step" to={`/course/${previousId}`} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span />
        )}
        <Link className="lesson-page__step" to="/courses">
          The course
        </Link>
        {nextId ? (
          <Link className="lesson-page__step" to={`/course/${nextId}`} rel="next">
            Next →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <CourseSearch className="lesson-page__search" />
    </div>
  );
}
