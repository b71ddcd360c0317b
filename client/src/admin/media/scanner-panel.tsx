// File Scanner (spec §2): scan, rescan, show or hide the library, and what the last scan found.
import type { LastScan } from '@/lib/media-types';
import { scanButtonState } from '@/lib/use-media-scan';
import { Button } from '@/ui/button';
import { Notice } from '@/ui/notice';
import { Panel } from '@/ui/panel';
import { Spinner } from '@/ui/spinner';
import type { Scanner } from './use-scanner';

interface ScannerPanelProps {
  /** The last scan, the one under way (silent ones too: the summary says so) and the button that started it. */
  scanner: Scanner;
  libraryShown: boolean;
  libraryId: string;
  /** Scan Files: also shows the library. */
  onScan: () => void;
  onToggleLibrary: () => void;
  /** A notice shown under the buttons (no base path configured). */
  notice?: string;
}

export function ScannerPanel({ scanner, libraryShown, libraryId, onScan, onToggleLibrary, notice }: ScannerPanelProps) {
  const { lastScan, lastScanLoading, scanning, pressed } = scanner;
  return (
    <Panel
      inset
      className="media-scanner"
      title="File Scanner"
      actions={
        <>
          <Button variant="primary" className="button--small" {...scanButtonState(pressed, 'scan')} onClick={onScan}>
            Scan Files
          </Button>
          <Button variant="secondary" className="button--small" {...scanButtonState(pressed, 'rescan')} onClick={() => scanner.scan('rescan')}>
            Rescan now
          </Button>
          <Button
            variant="quiet"
            className="button--small"
            aria-expanded={libraryShown}
            aria-controls={libraryShown ? libraryId : undefined}
            onClick={onToggleLibrary}
          >
            {libraryShown ? 'Hide Library' : 'Show Library'}
          </Button>
        </>
      }
    >
      <ScanSummary lastScan={lastScan} loading={lastScanLoading} scanning={scanning} />
      {notice && <Notice>{notice}</Notice>}
    </Panel>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ScanSummary({ lastScan, loading, scanning }: { lastScan: LastScan | null; loading: boolean; scanning: boolean }) {
  const when = lastScan ? new Date(lastScan.timestamp) : null;
  const counts = lastScan?.discoveries;
  return (
    <dl className="media-scan-summary" aria-busy={scanning || loading || undefined}>
      <div className="media-scan-summary__item media-scan-summary__item--when">
        <dt>Last scan</dt>
        <dd>
          {scanning ? (
            <span className="media-scan-summary__scanning">
              <Spinner />
              Scanning…
            </span>
          ) : when ? (
            <time dateTime={when.toISOString()}>{dateTime.format(when)}</time>
          ) : loading ? (
            '…'
          ) : (
            'Never'
          )}
        </dd>
      </div>
      <Count label="Images" value={counts?.images} />
      <Count label="Videos" value={counts?.videos} />
      <Count label="Audio" value={counts?.audio} />
    </dl>
  );
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="media-scan-summary__item">
      <dt>{label}</dt>
      <dd className="media-scan-summary__count">{value === undefined ? '–' : value.toLocaleString()}</dd>
    </div>
  );
}
