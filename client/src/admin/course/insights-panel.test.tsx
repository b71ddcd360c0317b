// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminModule } from './course-types';
import { biggestDrop, funnelSteps, type CourseInsights } from './insights-data';
import { InsightsBody } from './insights-panel';

afterEach(cleanup);

const module = (id: string, title: string, lessons: Array<[string, string]>) =>
  ({ _id: id, title, lessons: lessons.map(([lessonId, lessonTitle]) => ({ _id: lessonId, title: lessonTitle })) }) as unknown as AdminModule;

const modules = [
  module('m1', 'Foundations', [['l1', 'Welcome']]),
  module('m2', 'Practice', [['l2', 'Breathing']]),
  module('m3', 'Mastery', [['l3', 'Read on']]),
];

const insights: CourseInsights = {
  members: { started: 12, completed: 3 },
  modules: [
    { _id: 'm1', started: 12, completed: 10 },
    { _id: 'm2', started: 10, completed: 4 },
    { _id: 'm3', started: 4, completed: 3 },
  ],
  lessons: [
    { _id: 'l1', started: 12, completed: 10, averagePlayedPercent: 62.5 },
    { _id: 'l2', started: 0, completed: 0, averagePlayedPercent: 0 },
    { _id: 'l3', started: 4, completed: 3, averagePlayedPercent: null },
  ],
};

describe('the insights panel', () => {
  it('says how many started and finished, draws the funnel with a summary and a hidden table of the same numbers, and names the biggest drop', () => {
    const view = render(<InsightsBody insights={insights} modules={modules} />);
    expect(view.getByText('12 members started, 3 finished')).toBeTruthy();

    const chart = view.getByRole('img');
    expect(chart.tagName.toLowerCase()).toBe('svg');
    const summary = document.getElementById(chart.getAttribute('aria-labelledby')!)!.textContent;
    expect(summary).toBe(
      'Funnel of 3 modules: 1. Foundations, 12 started, 10 finished; 2. Practice, 10 started, 4 finished; 3. Mastery, 4 started, 3 finished.',
    );

    const table = view.getByRole('table', { name: 'Members who started and finished each module' });
    expect(table.closest('.visually-hidden') ?? table.classList.contains('visually-hidden')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1. Foundations', '12', '10'],
      ['2. Practice', '10', '4'],
      ['3. Mastery', '4', '3'],
    ]);

    expect(view.getByText('The biggest drop is after 1. Foundations: 10 members finished it, 4 finished 2. Practice (6 members fewer).')).toBeTruthy();

    const lessons = within(view.getByRole('list', { name: 'Average played per lesson' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lessons).toEqual(['Welcome62.5 % played on average by 12 members', 'BreathingNot started yet', 'Read onNothing to play (no media)']);
  });

  it('says so in words when nobody has started, and when there is nothing published', () => {
    const none: CourseInsights = {
      ...insights,
      members: { started: 0, completed: 0 },
      modules: insights.modules.map((m) => ({ ...m, started: 0, completed: 0 })),
    };
    const view = render(<InsightsBody insights={none} modules={modules} />);
    expect(view.getByText('0 members started, 0 finished')).toBeTruthy();
    expect(view.getByText('No member has started the course yet.')).toBeTruthy();
    expect(view.queryByRole('img')).toBeNull();
    cleanup();

    const empty = render(<InsightsBody insights={{ members: { started: 0, completed: 0 }, modules: [], lessons: [] }} modules={[]} />);
    expect(empty.getByText('No published lesson yet: there is nothing to measure.')).toBeTruthy();
  });

  it('finds no drop when every module keeps its finishers, and the largest of several', () => {
    const steps = (completed: number[]) =>
      funnelSteps({ ...insights, modules: completed.map((n, i) => ({ _id: `m${i + 1}`, started: n, completed: n })) }, modules);
    expect(biggestDrop(steps([5, 5, 7]))).toBeNull();
    expect(biggestDrop(steps([]))).toBeNull();
    expect(biggestDrop(steps([9, 8, 1]))).toBe('The biggest drop is after 2. Practice: 8 members finished it, 1 finished 3. Mastery (7 members fewer).');
    expect(biggestDrop(steps([2, 1]))).toBe('The biggest drop is after 1. Foundations: 2 members finished it, 1 finished 2. Practice (1 member fewer).');
  });
});
