// The insights panel's words and numbers from GET /api/admin/course/insights and the course's
// titles: pure, so the sentences are tested without a browser.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/lib/trpc';
import type { AdminModule } from './course-types';

export type CourseInsights = inferRouterOutputs<AppRouter>['course']['insights'];

export interface FunnelStep {
  id: string;
  label: string;
  started: number;
  completed: number;
}

export interface LessonFigure {
  id: string;
  label: string;
  started: number;
  averagePlayedPercent: number | null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "12 members started, 3 finished" */
export function membersSentence({ started, completed }: CourseInsights['members']): string {
  return `${plural(started, 'member', 'members')} started, ${completed.toLocaleString('en')} finished`;
}

/** Each published module in course order, named "Module 2: Title" after its place in the course. */
export function funnelSteps(insights: CourseInsights, modules: readonly AdminModule[]): FunnelStep[] {
  const titles = new Map(modules.map((module) => [module._id, module.title]));
  return insights.modules.map((module, i) => ({ id: module._id, label: `${i + 1}. ${titles.get(module._id) ?? 'Module'}`, ...module }));
}

export function lessonFigures(insights: CourseInsights, modules: readonly AdminModule[]): LessonFigure[] {
  const titles = new Map(modules.flatMap((module) => module.lessons.map((lesson) => [lesson._id, lesson.title] as const)));
  return insights.lessons.map((lesson) => ({
    id: lesson._id,
    label: titles.get(lesson._id) ?? 'Lesson',
    started: lesson.started,
    averagePlayedPercent: lesson.averagePlayedPercent,
  }));
}

/**
 * Where people stop: the pair of consecutive modules with the most members who finished the first
 * and did not finish the next, in words; null when no module loses anyone.
 */
export function biggestDrop(steps: readonly FunnelStep[]): string | null {
  let worst: { from: FunnelStep; to: FunnelStep; lost: number } | null = null;
  for (let i = 1; i < steps.length; i++) {
    const lost = steps[i - 1]!.completed - steps[i]!.completed;
    if (lost > 0 && (!worst || lost > worst.lost)) worst = { from: steps[i - 1]!, to: steps[i]!, lost };
  }
  if (!worst) return null;
  return `The biggest drop is after ${worst.from.label}: ${plural(worst.from.completed, 'member', 'members')} finished it, ${worst.to.completed.toLocaleString('en')} finished ${worst.to.label} (${plural(worst.lost, 'member', 'members')} fewer).`;
}

/** The chart's one-sentence summary, for its accessible name. */
export function funnelSummary(steps: readonly FunnelStep[]): string {
  return `Funnel of ${plural(steps.length, 'module', 'modules')}: ${steps.map((step) => `${step.label}, ${step.started} started, ${step.completed} finished`).join('; ')}.`;
}

/** "62.5 % played on average by 4 members", or why there is no figure. */
export function playedSentence({ started, averagePlayedPercent }: LessonFigure): string {
  if (averagePlayedPercent === null) return 'Nothing to play (no media)';
  if (started === 0) return 'Not started yet';
  return `${averagePlayedPercent} % played on average by ${plural(started, 'member', 'members')}`;
}

/**
 * A module's title in lines of at most `chars` characters, broken between words (a word longer
 * than a line is broken inside it): SVG text does not wrap by itself.
 */
export function wrapLabel(label: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0;) {
      const room = line ? chars - line.length - 1 : chars;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, chars));
        rest = rest.slice(chars);
      }
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
