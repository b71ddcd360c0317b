// The files chosen for upload and not sent yet (spec §2 "Files Ready for Upload").
import { useCallback, useRef, useState } from 'react';

export interface PendingFile {
  id: number;
  file: File;
}

/** The same file picked twice (same name, size and date) is listed once. */
function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export function usePendingFiles() {
  const [items, setItems] = useState<PendingFile[]>([]);
  const nextId = useRef(1);

  const add = useCallback((files: readonly File[]) => {
    if (files.length === 0) return;
    const fresh = files.map((file) => ({ id: nextId.current++, file }));
    setItems((current) => {
      const next = [...current];
      for (const item of fresh) if (!next.some((listed) => sameFile(listed.file, item.file))) next.push(item);
      return next;
    });
  }, []);

  const remove = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const clear = useCallback(() => setItems([]), []);

  return { items, add, remove, clear };
}
