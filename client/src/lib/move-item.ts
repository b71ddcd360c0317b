// Moving one entry of an ordered list to another index: what every drag-and-drop list of the admin
// panel does when an item is dropped (a playlist's items, the course's modules and lessons).

/** A copy of `items` with the entry at `from` moved to `to`; a bad index leaves the order as it was. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
