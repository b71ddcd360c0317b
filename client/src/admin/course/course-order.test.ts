import { describe, expect, it } from 'vitest';
import { lessonsDroppable, MODULES_DROPPABLE, moduleOfDroppable, planDrop, type Drop } from './course-order';

const lesson = (id: string, moduleId: string) => ({ _id: id, moduleId, title: id });
const board = () => [
  { _id: 'm1', title: 'One', lessons: [lesson('a', 'm1'), lesson('b', 'm1'), lesson('c', 'm1')] },
  { _id: 'm2', title: 'Two', lessons: [lesson('d', 'm2')] },
  { _id: 'm3', title: 'Three', lessons: [] as ReturnType<typeof lesson>[] },
];
const modulesDrop = (from: number, to: number): Drop => ({
  type: 'module',
  draggableId: 'x',
  source: { droppableId: MODULES_DROPPABLE, index: from },
  destination: { droppableId: MODULES_DROPPABLE, index: to },
});
const lessonDrop = (fromModule: string, from: number, toModule: string, to: number): Drop => ({
  type: 'lesson',
  draggableId: 'x',
  source: { droppableId: lessonsDroppable(fromModule), index: from },
  destination: { droppableId: lessonsDroppable(toModule), index: to },
});
const lessonIds = (modules: ReturnType<typeof board>) => modules.map((module) => module.lessons.map((l) => l._id));

describe('a drop on the course board', () => {
  it('names each module’s lesson list, and reads the module back', () => {
    expect(moduleOfDroppable(lessonsDroppable('m-1'))).toBe('m-1');
    expect(moduleOfDroppable(MODULES_DROPPABLE)).toBeNull();
  });

  it('reorders the modules and sends every module id in the new order', () => {
    const plan = planDrop(board(), modulesDrop(2, 0))!;
    expect(plan.modules.map((module) => module._id)).toEqual(['m3', 'm1', 'm2']);
    expect(plan.calls).toEqual([{ call: 'order-modules', ids: ['m3', 'm1', 'm2'] }]);
  });

  it('reorders the lessons of one module, sending only that module’s ids', () => {
    const plan = planDrop(board(), lessonDrop('m1', 0, 'm1', 2))!;
    expect(lessonIds(plan.modules)).toEqual([['b', 'c', 'a'], ['d'], []]);
    expect(plan.calls).toEqual([{ call: 'order-lessons', moduleId: 'm1', ids: ['b', 'c', 'a'] }]);
  });

  it('moves a lesson into another module: the move, then the order when it was not dropped last', () => {
    const first = planDrop(board(), lessonDrop('m1', 1, 'm2', 0))!;
    expect(lessonIds(first.modules)).toEqual([['a', 'c'], ['b', 'd'], []]);
    expect(first.modules[1]!.lessons[0]!.moduleId).toBe('m2');
    expect(first.calls).toEqual([
      { call: 'move-lesson', lessonId: 'b', moduleId: 'm2' },
      { call: 'order-lessons', moduleId: 'm2', ids: ['b', 'd'] },
    ]);
    const last = planDrop(board(), lessonDrop('m1', 1, 'm2', 1))!;
    expect(lessonIds(last.modules)).toEqual([['a', 'c'], ['d', 'b'], []]);
    expect(last.calls).toEqual([{ call: 'move-lesson', lessonId: 'b', moduleId: 'm2' }]);
    const intoEmpty = planDrop(board(), lessonDrop('m2', 0, 'm3', 0))!;
    expect(lessonIds(intoEmpty.modules)).toEqual([['a', 'b', 'c'], [], ['d']]);
    expect(intoEmpty.calls).toEqual([{ call: 'move-lesson', lessonId: 'd', moduleId: 'm3' }]);
  });

  it('changes nothing for a drop in place, outside the board, or from a list that no longer exists', () => {
    expect(planDrop(board(), modulesDrop(1, 1))).toBeNull();
    expect(planDrop(board(), lessonDrop('m1', 2, 'm1', 2))).toBeNull();
    expect(planDrop(board(), { ...modulesDrop(0, 1), destination: null })).toBeNull();
    expect(planDrop(board(), lessonDrop('gone', 0, 'm1', 0))).toBeNull();
    expect(planDrop(board(), lessonDrop('m1', 7, 'm2', 0))).toBeNull();
  });

  it('leaves the board it was given as it was', () => {
    const before = board();
    const copy = structuredClone(before);
    planDrop(before, lessonDrop('m1', 0, 'm2', 0));
    planDrop(before, modulesDrop(0, 2));
    expect(before).toEqual(copy);
  });
});
