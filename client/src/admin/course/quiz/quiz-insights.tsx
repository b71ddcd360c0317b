// A quiz's insights (issue 35 "Quiz insights", GET /api/admin/course/lessons/{id}/quiz-insights):
// attempts, members and passes, then each question, the weakest first, with its percent right as a
// bar and in words, the wrong option picked most, and the moment that teaches it: where the course
// itself needs work. Drawn small, as the course insights are: the bars are for the eye, the words
// say the same for everyone.
import { useId } from 'react';
import type { Question } from '@shared/quiz';
import { Button } from '@/ui/button';
import { ServerError } from '@/ui/server-error';
import { Spinner } from '@/ui/spinner';
import { trpc } from '@/lib/trpc';
import type { QuizInsights } from './quiz-calls';
import { questionFigures, quizTotalsSentence, rightSentence } from './quiz-insights-data';
import '../insights-panel.css';

interface QuizInsightsPanelProps {
  lessonId: string;
  questions: readonly Question[];
  lessonTitle: (id: string) => string | null;
}

export function QuizInsightsPanel({ lessonId, questions, lessonTitle }: QuizInsightsPanelProps) {
  const headingId = useId();
  const insights = trpc.course.quiz.insights.useQuery({ id: lessonId });
  return (
    <section className="cm-insights cm-quiz-insights" aria-labelledby={headingId}>
      <h4 id={headingId} className="cm-quiz__heading">
        Quiz insights
      </h4>
      <ServerError error={insights.error} what="The quiz insights could not be loaded" />
      {insights.isPending && !insights.error && (
        <p role="status">
          <Spinner />
          Loading the quiz insights...
        </p>
      )}
      {insights.data && <QuizInsightsBody insights={insights.data} questions={questions} lessonTitle={lessonTitle} />}
      {!insights.isPending && (
        <div className="actions">
          <Button variant="secondary" className="button--small" onClick={() => void insights.refetch()}>
            Read the insights again
          </Button>
        </div>
      )}
    </section>
  );
}

export function QuizInsightsBody({ insights, questions, lessonTitle }: { insights: QuizInsights } & Omit<QuizInsightsPanelProps, 'lessonId'>) {
  const listId = useId();
  if (insights.attempts === 0) return <p className="muted">No member has submitted this quiz yet.</p>;
  const figures = questionFigures(insights, questions, lessonTitle);
  return (
    <>
      <p className="cm-insights__members">{quizTotalsSentence(insights)}</p>
      <h5 id={listId} className="cm-insights__heading">
        Questions, the weakest first
      </h5>
      <ol className="cm-insights__lessons" aria-labelledby={listId}>
        {figures.map((figure) => (
          <li key={figure.id} className="cm-insights__lesson">
            <span className="cm-insights__lesson-title">{figure.label}</span>
            <span className="cm-insights__bar" aria-hidden="true">
              <span className="cm-insights__fill" style={{ width: `${figure.answered === 0 ? 0 : figure.correctPercent}%` }} />
            </span>
            <span className="cm-insights__figure">
              {[rightSentence(figure), figure.wrong, figure.taught].filter(Boolean).join('. ')}
              {figure.wrong || figure.taught ? '.' : ''}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
