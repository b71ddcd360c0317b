// Media Manager (spec §2, §4, §5, §8): scan the library, choose a media type, upload files of that
// type, and browse or delete the type's library. Messages go to one status line.
import { useCallback, useId, useState } from 'react';
import { scanVersion, type MediaCategory } from '@shared/media';
import { useTimedStatus } from '@/lib/use-timed-status';
import { Panel } from '@/ui/panel';
import { PanelSection } from '@/ui/panel-section';
import { StatusMessage } from '@/ui/status-message';
import { checkPickedFiles } from './file-checks';
import { LibraryPanel } from './library-panel';
import { MediaTypeSelector } from './media-type-selector';
import { PendingList } from './pending-list';
import { ScannerPanel } from './scanner-panel';
import { UploadArea } from './upload-area';
import { basePathUsable, NO_BASE_PATH_FOR_UPLOAD, useBasePath } from './use-base-path';
import { useLibrary } from './use-library';
import { usePendingFiles } from './use-pending-files';
import { useScanner } from './use-scanner';
import { useUpload } from './use-upload';
import './media-section.css';

export function MediaSection() {
  const libraryId = useId();
  const [category, setCategory] = useState<MediaCategory>('image');
  const [libraryShown, setLibraryShown] = useState(true);
  const status = useTimedStatus();
  const basePath = useBasePath();
  const scanner = useScanner(basePath, status.show);
  const pending = usePendingFiles();
  const { rescanSoon } = scanner;
  const clearPending = pending.clear;
  const onUploaded = useCallback(() => {
    clearPending();
    rescanSoon();
  }, [clearPending, rescanSoon]);
  const uploader = useUpload({ basePath, showStatus: status.show, onUploaded });
  const library = useLibrary({
    category,
    enabled: libraryShown && basePathUsable(basePath),
    showStatus: status.show,
    onDeleted: rescanSoon,
  });

  function scanFiles() {
    // Scan Files also opens the library, to show what it found; Rescan now leaves the panel be.
    setLibraryShown(true);
    scanner.scan('scan');
  }

  function chooseCategory(next: MediaCategory) {
    if (next === category) return;
    // Spec §4: files chosen for one type are not carried over to another.
    pending.clear();
    library.clearSelection();
    setCategory(next);
    setLibraryShown(true);
  }

  function addFiles(files: File[]) {
    const { accepted, refusal } = checkPickedFiles(files, category);
    // Spec §5: the good files of a mixed selection are still added.
    pending.add(accepted);
    if (refusal) status.show(refusal.text, { durationMs: refusal.durationMs });
  }

  return (
    <PanelSection title="Media Manager" className="media">
      <div className="media__stack">
        <ScannerPanel
          scanner={scanner}
          libraryShown={libraryShown}
          libraryId={libraryId}
          onScan={scanFiles}
          onToggleLibrary={() => setLibraryShown((shown) => !shown)}
          notice={basePath === 'missing' ? `No base path is set. ${NO_BASE_PATH_FOR_UPLOAD}` : undefined}
        />

        <Panel inset className="media-upload" title="Upload Media">
          <MediaTypeSelector value={category} disabled={uploader.uploading} onChange={chooseCategory} />
          <UploadArea category={category} disabled={uploader.uploading} onFiles={addFiles} />
          <PendingList
            items={pending.items}
            uploading={uploader.uploading}
            progress={uploader.progress}
            onRemove={pending.remove}
            onClear={pending.clear}
            onUpload={() => void uploader.upload(category, pending.items)}
          />
        </Panel>

        {libraryShown && <LibraryPanel id={libraryId} category={category} library={library} version={scanVersion(scanner.lastScan?.timestamp)} />}
      </div>
      {/* Spec §2: red when the message speaks of an error, green otherwise. */}
      <StatusMessage live={status.status && { text: status.status.text, tone: /error/i.test(status.status.text) ? 'error' : 'success' }} docked />
    </PanelSection>
  );
}
