// Export CSV (CONTRACT §3 "Operators"): the members matching the section's search and sort, all
// pages, read with the session's token and saved under the name the server gives. Progress and
// the outcome go to the section's status line, where the eye already is.
import { useCallback, useEffect, useRef, useState } from 'react';
import { USERS_EXPORT_PATH, type SortOrder, type UserSortField } from '@shared/constants';
import { downloadFile, failureReason } from '@/lib/request';
import { saveFile } from '@/lib/save-file';
import { CsvRecordCounter } from './csv-record-counter';

export interface Notice {
  text: string;
  tone: 'success' | 'info' | 'error';
}

export interface ExportCriteria {
  search: string;
  sortBy: UserSortField;
  sortOrder: SortOrder;
}

// Often enough to see it move, seldom enough not to flood a screen reader with announcements.
const PROGRESS_EVERY_MS = 1000;

const countOf = (n: number) => `${n.toLocaleString('en')} user${n === 1 ? '' : 's'}`;

export function useUsersExport(onStatus: (notice: Notice) => void) {
  const [exporting, setExporting] = useState(false);
  // An export still running when the section closes is cancelled, not saved unseen later.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (criteria: ExportCriteria) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setExporting(true);
      onStatus({ tone: 'info', text: 'Exporting users...' });
      const counter = new CsvRecordCounter();
      let shownAt = performance.now();
      try {
        const file = await downloadFile(`${USERS_EXPORT_PATH}?${new URLSearchParams({ ...criteria })}`, {
          signal: controller.signal,
          onChunk: (chunk) => {
            counter.add(chunk);
            if (performance.now() - shownAt < PROGRESS_EVERY_MS) return;
            shownAt = performance.now();
            onStatus({ tone: 'info', text: `Exporting users... ${countOf(counter.records)} so far` });
          },
        });
        const name = file.name ?? 'members.csv';
        saveFile(file.blob, name);
        onStatus({ tone: 'success', text: `Exported ${countOf(counter.records)} to ${name}.` });
      } catch (error) {
        if (controller.signal.aborted) return;
        // No answer, or one cut short: nothing is saved, as a partial file would pass for the whole.
        onStatus({ tone: 'error', text: `Export error: ${failureReason(error, 'the download was interrupted')}` });
      } finally {
        running.current = null;
        if (!controller.signal.aborted) setExporting(false);
      }
    },
    [onStatus],
  );

  return { start, exporting };
}
