// A lesson (CONTRACT §4 GET /api/course/lessons/{id}): its text as the server rendered it, and the
// lessons before and after it that the member may open. Members only, in its own chunk.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CourseSearch } from '../course/course-search';
import { MarkComplete } from '../course/mark-complete';
import { AttachmentsList } from '../course/attachments-list';
import { LessonMedia } from '../course/lesson-media';
import { DiscussionSection } from '../course/discussion/discussion-section';
import { useCommentMoments } from '../course/discussion/use-comment-moments';
import { LessonQuiz } from '../course/quiz/lesson-quiz';
import { useLessonProgressAnswers } from '../course/lesson-progress-answers';
import { COURSE_MESSAGES } from '@shared/course';
import { BecomeArchitectButton } from '../billing/become-architect-button';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../lib/use-page-title';
import { ButtonLink, buttonClass } from '../ui/button';
import { Panel } from '../ui/panel';
import { StatusMessage } from '../ui/status-message';
import './lesson-page.css';

export function LessonPage() {
  const { lessonId = '' } = useParams();
  // Dropped from the cache once the page is left (gcTime 0): coming back reads the position saved
  // since, never a copy from before. A refetch meanwhile leaves the player alone (lesson-media.tsx).
  const reading = trpc.course.lesson.useQuery({ id: lessonId }, { retry: false, gcTime: 0 });
  const lesson = reading.data?.lesson;
  const onSaveBegun = useLessonProgressAnswers(lessonId);
  // The player's element, for the discussion: "at 12:04" reads its time, a comment's moment seeks it.
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const moments = useCommentMoments(lessonId, Boolean(lesson?.media));
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
            {status === 403 && reading.error.message === COURSE_MESSAGES.forArchitects && (
              <BecomeArchitectButton fallback="/courses#tiers" className={buttonClass('primary')} />
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

  const { previousId, nextId, progress, quiz } = reading.data;
  return (
    <div className="page lesson-page">
      <Panel as="article" className={lesson.media ? 'lesson-page__panel lesson-page__panel--wide' : 'lesson-page__panel'} aria-labelledby="lesson-title">
        <p className="eyebrow">Lesson</p>
        <h1 id="lesson-title" className="lesson-page__title">
          {lesson.title}
        </h1>
        {lesson.summary && <p className="lesson-page__summary">{lesson.summary}</p>}
        {lesson.media && (
          <LessonMedia
            key={lesson._id}
            lessonId={lesson._id}
            title={lesson.title}
            kind={lesson.kind}
            file={lesson.media}
            positionSeconds={progress.positionSeconds}
            nextId={nextId}
            onSaveBegun={onSaveBegun}
            moments={moments}
            onMediaChange={setMedia}
          />
        )}
        {/* The server's rendering of the lesson's Markdown (raw HTML off, links checked: server/course/content/markdown.ts). */}
        <div className="lesson-body" dangerouslySetInnerHTML={{ __html: lesson.html }} />
        {/* A quiz in place of a player, and no Mark complete: passing it completes it (CONTRACT §8). */}
        {quiz ? (
          <LessonQuiz key={lesson._id} lessonId={lesson._id} quiz={quiz} />
        ) : (
          <MarkComplete lessonId={lesson._id} completedAt={progress.completedAt} positionSeconds={progress.positionSeconds} onSaveBegun={onSaveBegun} />
        )}
        <AttachmentsList attachments={lesson.attachments} />
      </Panel>
      <DiscussionSection key={lesson._id} lessonId={lesson._id} media={lesson.media ? media : null} />
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
