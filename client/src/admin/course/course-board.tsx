// The Course Manager's board (issue 26 "Modules", "Lessons"): the modules in course order, each
// with its lessons, reordered by drag and drop with a mouse (after 5 px), a finger (after a 120 ms
// press) or the keyboard (Space lifts, arrows move, Space drops, Escape cancels), as the Background
// Manager's playlist strip does; a lesson may also be dropped into another module. The drag library
// is imported here and in the lesson list only, inside the admin chunk.
//
// As in the strip, the dragged item is moved with position: fixed, so the section's panel goes
// without its backdrop-filter (course-manager.css).
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableProvided,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { useState, type ReactElement, type ReactNode } from 'react';
import { cspNonce } from '@/lib/csp-nonce';
import { lessonDraggableId, moduleDraggableId, MODULES_DROPPABLE, moduleOfDroppable } from './course-order';
import type { AdminModule } from './course-types';

const INSTRUCTIONS = 'Press Space to lift this item. Use the up and down arrow keys to move it, Space to drop it in its new place, or Escape to cancel.';

interface CourseBoardProps {
  modules: readonly AdminModule[];
  onDrop: (result: DropResult) => void;
  /** While a drop is being saved, nothing can be lifted. */
  locked: boolean;
  /** A module's card, beside its handle: its title, its lessons and their own drop list. */
  renderModule: (module: AdminModule, handle: ReactNode) => ReactNode;
}

export function CourseBoard({ modules, onDrop, locked, renderModule }: CourseBoardProps) {
  const [dragging, setDragging] = useState<'module' | 'lesson' | null>(null);
  const describe = describer(modules);

  function onDragStart(start: DragStart, provided: ResponderProvided) {
    setDragging(start.type === 'module' ? 'module' : 'lesson');
    provided.announce(`Lifted ${describe.item(start.draggableId)}, ${describe.place(start.type, start.source)}.`);
  }

  function onDragUpdate(update: DragUpdate, provided: ResponderProvided) {
    provided.announce(update.destination ? `Moved to ${describe.place(update.type, update.destination, update.source)}.` : 'Not over a list.');
  }

  function onDragEnd(result: DropResult, provided: ResponderProvided) {
    setDragging(null);
    const name = describe.item(result.draggableId);
    if (result.reason === 'CANCEL' || !result.destination) {
      provided.announce(`Move cancelled. ${name} stays ${describe.place(result.type, result.source)}.`);
      return;
    }
    provided.announce(`Dropped ${name} ${describe.place(result.type, result.destination, result.source)}.`);
    onDrop(result);
  }

  return (
    <DragDropContext nonce={cspNonce()} onDragStart={onDragStart} onDragUpdate={onDragUpdate} onDragEnd={onDragEnd} dragHandleUsageInstructions={INSTRUCTIONS}>
      <Droppable droppableId={MODULES_DROPPABLE} type="module">
        {(droppable) => (
          <ol
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            className={['cm-modules', dragging && `cm-modules--dragging-${dragging}`].filter(Boolean).join(' ')}
            aria-label="Modules, in course order"
          >
            {modules.map((module, index) => (
              <Draggable key={module._id} draggableId={moduleDraggableId(module._id)} index={index} isDragDisabled={locked}>
                {(draggable, snapshot) =>
                  renderModuleItem(draggable, snapshot.isDragging, renderModule(module, moduleHandle(draggable, module, index, modules.length)))
                }
              </Draggable>
            ))}
            {droppable.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}

/** The words the screen reader hears for an item and a place, from the board as it is. */
function describer(modules: readonly AdminModule[]) {
  const moduleById = new Map(modules.map((module) => [module._id, module]));
  const titles = new Map<string, string>();
  for (const module of modules) {
    titles.set(moduleDraggableId(module._id), `module ${module.title}`);
    for (const lesson of module.lessons) titles.set(lessonDraggableId(lesson._id), `lesson ${lesson.title}`);
  }
  return {
    item: (draggableId: string) => titles.get(draggableId) ?? 'the item',
    place(type: string, at: { droppableId: string; index: number }, from?: { droppableId: string }) {
      if (type === 'module') return `in position ${at.index + 1} of ${modules.length}`;
      const module = moduleById.get(moduleOfDroppable(at.droppableId) ?? '');
      if (!module) return 'outside the modules';
      // Arriving from another module, the list has one lesson more.
      const count = module.lessons.length + (from && from.droppableId !== at.droppableId ? 1 : 0);
      return `in position ${at.index + 1} of ${Math.max(count, 1)} in ${module.title}`;
    },
  };
}

/** The module's drag handle: named for what it moves and where it is now. */
function moduleHandle(provided: DraggableProvided, module: AdminModule, index: number, count: number): ReactNode {
  return (
    <div
      {...provided.dragHandleProps}
      className="cm-handle"
      aria-label={`Move module ${module.title}, position ${index + 1} of ${count}`}
      title="Drag to reorder"
    >
      <span aria-hidden="true">⠿</span>
    </div>
  );
}

/** A render function for dnd's render prop rather than a component, as the props it spreads carry dnd's refs. */
function renderModuleItem(provided: DraggableProvided, dragging: boolean, children: ReactNode): ReactElement {
  return (
    <li ref={provided.innerRef} {...provided.draggableProps} className={['cm-module', dragging && 'cm-module--dragging'].filter(Boolean).join(' ')}>
      {children}
    </li>
  );
}
