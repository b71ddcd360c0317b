// The playlist being edited as a horizontal strip of thumbnails (spec §2, §4): drag to reorder with
// a mouse (after 5 px), a finger (after a 120 ms press) or the keyboard (Space lifts, arrows move,
// Space drops, Escape cancels). Those are @hello-pangea/dnd's own sensor settings; this file is the
// only one that imports the library, so it stays in the admin chunk.
//
// The library injects small <style> elements; the page's CSP lets them in by the page's nonce.
// The dragged item is moved with position: fixed, so no ancestor may be a containing block for fixed
// boxes (transform, filter, backdrop-filter): the section's panel goes without its backdrop-filter
// (backgrounds-section.css). A clone rendered into <body> (renderClone) would avoid that, but it
// unmounts the element a finger touched, and the browser then stops delivering that touch's
// events: touch drags would hang.
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
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { SlideType } from '@shared/slider';
import { cspNonce } from '@/lib/csp-nonce';
import type { LibraryFile } from '@/lib/media-types';
import { Panel } from '@/ui/panel';
import { EmptyNote } from '@/ui/empty-note';
import { MediaThumb, MissingThumb } from './media-thumb';
import { itemKeys, nameFromUrl } from './playlist-items';
import type { MediaLibrary } from './use-media-library';
import type { PlaylistEditor } from './use-playlist-editor';

const INSTRUCTIONS = 'Press Space to lift this item. Use the left and right arrow keys to move it, Space to drop it in its new place, or Escape to cancel.';

interface PlaylistStripProps {
  name: string;
  /** The items being edited, whether they differ from the saved ones, and moving or removing one. */
  editor: PlaylistEditor;
  /** The file behind each url, and whether the libraries are loaded (so a missing item is really missing). */
  library: MediaLibrary;
  version: string | undefined;
}

export function PlaylistStrip({ name, editor, library, version }: PlaylistStripProps) {
  const { items, dirty, move: onMove, remove: onRemove } = editor;
  const { fileByUrl, complete: libraryComplete } = library;
  const [dragging, setDragging] = useState(false);
  const section = useRef<HTMLElement>(null);
  // After a remove button takes its own item away, focus goes to the remove button now in that
  // place (or the last one), so the keyboard stays in the strip; with none left, to the strip itself.
  const focusAfterRemove = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = section.current?.querySelectorAll<HTMLButtonElement>('.bg-strip__list .bg-strip__remove');
    const target = buttons?.[Math.min(index, buttons.length - 1)];
    if (target) target.focus();
    else section.current?.focus();
  }, [items]);

  function remove(index: number) {
    focusAfterRemove.current = index;
    onRemove(index);
  }

  const keys = itemKeys(items);
  const count = items.length;
  const nameAt = (index: number) => {
    const item = items[index];
    return item ? (fileByUrl.get(item.url)?.name ?? nameFromUrl(item.url)) : '';
  };
  const position = (index: number) => `position ${index + 1} of ${count}`;

  function describe(index: number) {
    const item = items[index];
    const file = item ? fileByUrl.get(item.url) : undefined;
    return {
      index,
      type: item?.type ?? 'image',
      file,
      name: nameAt(index),
      position: position(index),
      missing: libraryComplete && !file,
      version,
    };
  }

  function onDragStart(start: DragStart, provided: ResponderProvided) {
    setDragging(true);
    provided.announce(`Lifted ${nameAt(start.source.index)}, in ${position(start.source.index)}.`);
  }

  function onDragUpdate(update: DragUpdate, provided: ResponderProvided) {
    if (update.destination) provided.announce(`Moved to ${position(update.destination.index)}.`);
    else provided.announce('Not over the playlist.');
  }

  function onDragEnd(result: DropResult, provided: ResponderProvided) {
    setDragging(false);
    const itemName = nameAt(result.source.index);
    if (result.reason === 'CANCEL' || !result.destination) {
      provided.announce(`Move cancelled. ${itemName} stays in ${position(result.source.index)}.`);
      return;
    }
    provided.announce(`Dropped ${itemName} in ${position(result.destination.index)}.`);
    onMove(result.source.index, result.destination.index);
  }

  return (
    <Panel
      ref={section}
      inset
      className="bg-strip"
      tabIndex={-1}
      title={`Playlist: ${name} (Drag to reorder)`}
      meta={
        <>
          {count === 1 ? '1 item' : `${count} items`}
          {dirty && <span className="bg-unsaved">Unsaved changes</span>}
        </>
      }
    >
      {count === 0 ? (
        <EmptyNote>This playlist is empty. Click images or videos in the libraries below to add them.</EmptyNote>
      ) : (
        <DragDropContext
          nonce={cspNonce()}
          onDragStart={onDragStart}
          onDragUpdate={onDragUpdate}
          onDragEnd={onDragEnd}
          dragHandleUsageInstructions={INSTRUCTIONS}
        >
          <Droppable droppableId="playlist" direction="horizontal">
            {(droppable) => (
              <ol
                ref={droppable.innerRef}
                {...droppable.droppableProps}
                className={['bg-strip__list', dragging && 'bg-strip__list--dragging'].filter(Boolean).join(' ')}
                aria-label={`Items of ${name}, in play order`}
              >
                {items.map((item, index) => (
                  <Draggable key={keys[index]} draggableId={keys[index] ?? item.url} index={index}>
                    {(draggable, snapshot) =>
                      renderStripItem({ ...describe(index), provided: draggable, dragging: snapshot.isDragging, onRemove: () => remove(index) })
                    }
                  </Draggable>
                ))}
                {droppable.placeholder}
              </ol>
            )}
          </Droppable>
        </DragDropContext>
      )}
    </Panel>
  );
}

interface StripItemProps {
  provided: DraggableProvided;
  dragging: boolean;
  index: number;
  type: SlideType;
  /** The library file behind the item; undefined while the libraries load or once it is gone. */
  file: LibraryFile | undefined;
  name: string;
  position: string;
  missing: boolean;
  version: string | undefined;
  onRemove: () => void;
}

/**
 * One thumbnail of the strip: a drag handle, and beside it (not inside it) a remove button. A render
 * function for dnd's render prop rather than a component, as the props it spreads carry dnd's refs.
 */
function renderStripItem({ provided, dragging, index, type, file, name, position, missing, version, onRemove }: StripItemProps): ReactElement {
  return (
    <li
      ref={provided.innerRef}
      {...provided.draggableProps}
      className={['bg-strip__item', dragging && 'bg-strip__item--dragging', missing && 'bg-strip__item--missing'].filter(Boolean).join(' ')}
    >
      <div
        {...provided.dragHandleProps}
        className="bg-strip__handle"
        aria-label={`${name}, ${position}${missing ? ', no longer in the library' : ''}`}
        title={missing ? 'No longer in the library: dropped when the playlist is saved' : name}
      >
        <span className="bg-strip__thumb">
          {file ? <MediaThumb path={file.path} type={type} version={version} /> : <MissingThumb label={missing ? 'Missing' : '…'} />}
          <span className="bg-strip__number" aria-hidden="true">
            {index + 1}
          </span>
        </span>
        <span className="bg-strip__name" aria-hidden="true">
          {name}
        </span>
      </div>
      <button type="button" className="bg-strip__remove" aria-label={`Remove ${name} from the playlist`} title="Remove from the playlist" onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
