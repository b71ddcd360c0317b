// What a drop in the Course Manager's board means (issue 26 "What admins get"): the board as it
// looks at once, and the calls that make the server agree. A module moves among modules; a lesson
// moves within its module, or into another one, where the server first puts it last (CONTRACT §4:
// "a new moduleId moves it to the end of that module") and an order call then puts it where it was
// dropped.
import { moveItem } from '@/lib/move-item';

export const MODULES_DROPPABLE = 'modules';
const LESSONS_PREFIX = 'lessons:';

/** The droppable id of a module's lesson list, and back. */
export const lessonsDroppable = (moduleId: string) => `${LESSONS_PREFIX}${moduleId}`;
/** The draggable ids of a module and a lesson: one namespace for the whole board. */
export const moduleDraggableId = (id: string) => `module:${id}`;
export const lessonDraggableId = (id: string) => `lesson:${id}`;
export const moduleOfDroppable = (droppableId: string) => (droppableId.startsWith(LESSONS_PREFIX) ? droppableId.slice(LESSONS_PREFIX.length) : null);

interface Ordered {
  _id: string;
}
export interface BoardModule<L extends Ordered = Ordered> extends Ordered {
  lessons: L[];
}

/** A drop as @hello-pangea/dnd reports it (DropResult), with only what the plan reads. */
export interface Drop {
  type: string;
  draggableId: string;
  source: { droppableId: string; index: number };
  destination?: { droppableId: string; index: number } | null;
}

export type OrderCall =
  | { call: 'order-modules'; ids: string[] }
  | { call: 'move-lesson'; lessonId: string; moduleId: string }
  | { call: 'order-lessons'; moduleId: string; ids: string[] };

export interface DropPlan<M> {
  modules: M[];
  /** In the order they must be made. */
  calls: OrderCall[];
}

const ids = (items: readonly Ordered[]) => items.map((item) => item._id);

/** The board after `drop`, and the calls to make; null when the drop changes nothing. */
export function planDrop<L extends Ordered, M extends BoardModule<L>>(modules: readonly M[], drop: Drop): DropPlan<M> | null {
  const { source, destination } = drop;
  if (!destination) return null;
  if (drop.type === 'module') {
    if (source.index === destination.index) return null;
    const next = moveItem(modules, source.index, destination.index);
    return { modules: next, calls: [{ call: 'order-modules', ids: ids(next) }] };
  }
  const fromId = moduleOfDroppable(source.droppableId);
  const toId = moduleOfDroppable(destination.droppableId);
  const from = modules.find((module) => module._id === fromId);
  const to = modules.find((module) => module._id === toId);
  const lesson = from?.lessons[source.index];
  if (!from || !to || !lesson) return null;

  if (from === to) {
    if (source.index === destination.index) return null;
    const lessons = moveItem(from.lessons, source.index, destination.index);
    return {
      modules: modules.map((module) => (module === from ? { ...module, lessons } : module)),
      calls: [{ call: 'order-lessons', moduleId: to._id, ids: ids(lessons) }],
    };
  }

  const left = from.lessons.filter((_, index) => index !== source.index);
  const arrived = [...to.lessons];
  const at = Math.min(Math.max(destination.index, 0), arrived.length);
  arrived.splice(at, 0, { ...lesson, moduleId: to._id });
  const calls: OrderCall[] = [{ call: 'move-lesson', lessonId: lesson._id, moduleId: to._id }];
  // Dropped last, the move alone puts it there.
  if (at < to.lessons.length) calls.push({ call: 'order-lessons', moduleId: to._id, ids: ids(arrived) });
  return {
    modules: modules.map((module) => (module === from ? { ...module, lessons: left } : module === to ? { ...module, lessons: arrived } : module)),
    calls,
  };
}
