// The modules' funnel (issue 26 "Insights"): a small hand-drawn SVG, one row per module, a bar of
// the members who started it and, over it, a bar of those who finished it, each as long as its
// share of the members who started the course. A picture for the eye, named by a one-sentence
// summary; the same numbers are in a visually hidden table for screen readers.
import { useId } from 'react';
import { funnelSummary, type FunnelStep } from './insights-data';

const WIDTH = 560;
const LABEL_HEIGHT = 20;
const BAR_HEIGHT = 18;
const ROW_HEIGHT = LABEL_HEIGHT + BAR_HEIGHT * 2 + 14;

export function FunnelChart({ steps, members }: { steps: readonly FunnelStep[]; members: number }) {
  const titleId = useId();
  const scale = (n: number) => (members > 0 ? (n / members) * (WIDTH - 90) : 0);
  const height = steps.length * ROW_HEIGHT;
  return (
    <figure className="cm-funnel">
      <div className="cm-funnel__scroll" tabIndex={0} role="group" aria-label="Funnel chart (scrolls sideways on a narrow screen)">
        <svg className="cm-funnel__svg" role="img" aria-labelledby={titleId} viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height}>
          <title id={titleId}>{funnelSummary(steps)}</title>
          {steps.map((step, i) => {
            const y = i * ROW_HEIGHT;
            return (
              <g key={step.id} transform={`translate(0 ${y})`}>
                <text className="cm-funnel__label" x={0} y={14}>
                  {step.label}
                </text>
                <rect className="cm-funnel__started" x={0} y={LABEL_HEIGHT} width={Math.max(scale(step.started), 2)} height={BAR_HEIGHT} rx={3} />
                <text className="cm-funnel__value" x={scale(step.started) + 8} y={LABEL_HEIGHT + 13}>
                  {step.started} started
                </text>
                <rect
                  className="cm-funnel__completed"
                  x={0}
                  y={LABEL_HEIGHT + BAR_HEIGHT + 2}
                  width={Math.max(scale(step.completed), 2)}
                  height={BAR_HEIGHT}
                  rx={3}
                />
                <text className="cm-funnel__value" x={scale(step.completed) + 8} y={LABEL_HEIGHT + BAR_HEIGHT + 15}>
                  {step.completed} finished
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="cm-funnel__legend">
        <span className="cm-funnel__key cm-funnel__key--started" aria-hidden="true" /> started{' '}
        <span className="cm-funnel__key cm-funnel__key--completed" aria-hidden="true" /> finished every lesson
      </figcaption>
      {/* Hidden by its wrapper: a table does not shrink to the 1 px of .visually-hidden, and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Members who started and finished each module</caption>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.id}>
                <th scope="row">{step.label}</th>
                <td>{step.started}</td>
                <td>{step.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
