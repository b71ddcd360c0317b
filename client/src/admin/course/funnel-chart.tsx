// The modules' funnel (issue 26 "Insights"): a small hand-drawn SVG, one row per module, a bar of
// the members who started it and, over it, a bar of those who finished it, each as long as its
// share of the members who started the course. A picture for the eye, named by a one-sentence
// summary; the same numbers are in a visually hidden table for screen readers. It is drawn at
// the width of its column, so a phone sees all of it without scrolling: long titles wrap.
import { useEffect, useId, useRef, useState } from 'react';
import { funnelSummary, wrapLabel, type FunnelStep } from './insights-data';

/** The width drawn before the column is measured (and where nothing measures, as in tests). */
const DEFAULT_WIDTH = 560;
const LINE_HEIGHT = 18;
const BAR_HEIGHT = 18;
const ROW_GAP = 14;
/** Room right of the longest bar for its figure ("1,234 finished"). */
const FIGURE_ROOM = 100;
/** An upper bound of the labels' average character width (600 14px), so a wrapped line fits. */
const LABEL_CHAR_PX = 8.2;

/** The element's content width, followed as it changes. */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width) || initial));
    observer.observe(element);
    return () => observer.disconnect();
  }, [initial]);
  return { ref, width };
}

export function FunnelChart({ steps, members }: { steps: readonly FunnelStep[]; members: number }) {
  const titleId = useId();
  const { ref, width } = useWidth(DEFAULT_WIDTH);
  const scale = (n: number) => (members > 0 ? (n / members) * Math.max(width - FIGURE_ROOM, 40) : 0);
  const rows = steps.map((step) => ({ step, lines: wrapLabel(step.label, Math.max(Math.floor(width / LABEL_CHAR_PX), 12)) }));
  const rowHeight = (lines: number) => lines * LINE_HEIGHT + 2 + BAR_HEIGHT * 2 + ROW_GAP;
  const tops = rows.reduce<number[]>((at, row, i) => [...at, (at[i - 1] ?? 0) + (i > 0 ? rowHeight(rows[i - 1]!.lines.length) : 0)], []);
  const height = rows.reduce((sum, row) => sum + rowHeight(row.lines.length), 0);
  return (
    <figure className="cm-funnel">
      <div ref={ref}>
        <svg className="cm-funnel__svg" role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
          <title id={titleId}>{funnelSummary(steps)}</title>
          {rows.map(({ step, lines }, i) => {
            const bars = lines.length * LINE_HEIGHT + 2;
            return (
              <g key={step.id} transform={`translate(0 ${tops[i]})`}>
                <text className="cm-funnel__label" x={0} y={14}>
                  {lines.map((line, n) => (
                    <tspan key={n} x={0} dy={n === 0 ? 0 : LINE_HEIGHT}>
                      {line}
                    </tspan>
                  ))}
                </text>
                <rect className="cm-funnel__started" x={0} y={bars} width={Math.max(scale(step.started), 2)} height={BAR_HEIGHT} rx={3} />
                <text className="cm-funnel__value" x={scale(step.started) + 8} y={bars + 13}>
                  {step.started} started
                </text>
                <rect className="cm-funnel__completed" x={0} y={bars + BAR_HEIGHT + 2} width={Math.max(scale(step.completed), 2)} height={BAR_HEIGHT} rx={3} />
                <text className="cm-funnel__value" x={scale(step.completed) + 8} y={bars + BAR_HEIGHT + 15}>
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
