// The member's progress on the dashboard (CONTRACT §4 GET /api/course/progress and
// GET /api/course/certificate): the course percent, a Continue button that opens the lesson to
// resume at its position, and the certificate's link once earned.
import { Link } from 'react-router-dom';
import { COURSE_MESSAGES } from '@shared/course';
import { trpc } from '../lib/trpc';
import { ButtonLink } from '../ui/button';
import { lessonAddress } from './lesson-address';
import './course-progress.css';

export function CourseProgressSummary() {
  const progress = trpc.course.progress.useQuery();
  // A 404 until every lesson is complete: that is "not earned yet", not a failure to show.
  const certificate = trpc.course.certificate.useQuery(undefined, { retry: false });
  const data = progress.data;
  if (!data || data.totalLessons === 0) return null;
  const { resume } = data;
  return (
    <div className="course-progress">
      <p className="course-progress__figure">
        <span className="course-progress__percent">{data.percent}%</span> of the course complete
        <span className="muted">
          {' '}
          ({data.completedLessons} of {data.totalLessons} lessons)
        </span>
      </p>
      <progress className="course-progress__bar" max={100} value={data.percent} aria-label="Course progress">
        {data.percent}%
      </progress>
      <div className="actions">
        {resume && (
          <ButtonLink to={lessonAddress(resume.lessonId, resume.positionSeconds || null)} variant="primary">
            Continue
          </ButtonLink>
        )}
        {certificate.data ? (
          <Link className="course-progress__certificate" to={certificate.data.url}>
            Your certificate
          </Link>
        ) : (
          certificate.error?.message === COURSE_MESSAGES.certificateNotEarned && <span className="muted">{COURSE_MESSAGES.certificateNotEarned}.</span>
        )}
      </div>
    </div>
  );
}

/** Each module's counts by its id, for the outline beside them. */
export function useModuleCounts(): ReadonlyMap<string, { completedLessons: number; totalLessons: number }> | undefined {
  const progress = trpc.course.progress.useQuery();
  if (!progress.data) return undefined;
  return new Map(progress.data.modules.map((module) => [module._id, module]));
}
