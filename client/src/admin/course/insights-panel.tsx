// The Course Manager's insights (issue 26 "Insights", GET /api/admin/course/insights): how many
// members started and finished, the modules' funnel and where people stop, and each lesson's
// average played percent. Loaded with the Course Manager, inside the lazy admin chunk.
import { useId } from 'react';
import { trpc } from '@/lib/trpc';
import { Panel } from '@/ui/panel';
import { ServerError } from '@/ui/server-error';
import { Spinner } from '@/ui/spinner';
import type { AdminModule } from './course-types';
import { FunnelChart } from './funnel-chart';
import { biggestDrop, funnelSteps, lessonFigures, membersSentence, playedSentence, type CourseInsights } from './insights-data';
import './insights-panel.css';

export function InsightsPanel({ modules }: { modules: readonly AdminModule[] }) {
  const insights = trpc.course.insights.useQuery();
  return (
    <Panel inset title="Insights" className="cm-insights">
      <ServerError error={insights.error} what="The insights could not be loaded" />
      {insights.isPending && !insights.error && (
        <p role="status">
          <Spinner />
          Loading the insights...
        </p>
      )}
      {insights.data && <InsightsBody insights={insights.data} modules={modules} />}
    </Panel>
  );
}

export function InsightsBody({ insights, modules }: { insights: CourseInsights; modules: readonly AdminModule[] }) {
  const lessonsHeading = useId();
  if (insights.lessons.length === 0) return <p className="muted">No published lesson yet: there is nothing to measure.</p>;
  const steps = funnelSteps(insights, modules);
  const lessons = lessonFigures(insights, modules);
  const drop = biggestDrop(steps);
  return (
    <>
      <p className="cm-insights__members">{membersSentence(insights.members)}</p>
      {insights.members.started === 0 ? (
        <p className="muted">No member has started the course yet.</p>
      ) : (
        <>
          <FunnelChart steps={steps} members={insights.members.started} />
          <p className="cm-insights__drop">{drop ?? 'No module loses anyone: as many members finish each module as the one before.'}</p>
        </>
      )}
      <h4 id={lessonsHeading} className="cm-insights__heading">
        Average played per lesson
      </h4>
      <ol className="cm-insights__lessons" aria-labelledby={lessonsHeading}>
        {lessons.map((lesson) => (
          <li key={lesson.id} className="cm-insights__lesson">
            <span className="cm-insights__lesson-title">{lesson.label}</span>
            {lesson.averagePlayedPercent !== null && (
              <span className="cm-insights__bar" aria-hidden="true">
                <span className="cm-insights__fill" style={{ width: `${lesson.averagePlayedPercent}%` }} />
              </span>
            )}
            <span className="cm-insights__figure">{playedSentence(lesson)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
