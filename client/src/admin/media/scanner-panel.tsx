// File Scanner (spec §2): scan, rescan, show or hide the library, and what the last scan found.
import { useId } from 'react';
import { Button } from '../../ui/button';
import type { ScanSummary } from './media-types';

interface ScannerPanelProps {
  lastScan: ScanSummary | null;
  loading: boolean;
  scanning: boolean;
  /** Which button started the running scan, so only it shows the spinner. */
  scanningFrom: 'scan' | 'rescan' | null;
  libraryShown: boolean;
  libraryId: string;
  onScan: () => void;
  onRescan: () => void;
  onToggleLibrary: () => void;
  /** A notice shown under the buttons (no base path configured). */
  notice?: string;
}

export function ScannerPanel(props: ScannerPanelProps) {
  const { lastScan, loading, scanning, scanningFrom, libraryShown, libraryId, notice } = props;
  const titleId = useId();
  return (
    <section className="media-card media-scanner" aria-labelledby={titleId}>
      <div className="media-card__head">
        <h3 id={titleId} className="media-card__title">
          File Scanner
        </h3>
        <div className="actions media-scanner__actions">
          <Button
            variant="primary"
            className="button--small"
            busy={scanning && scanningFrom === 'scan'}
            disabled={scanning && scanningFrom !== 'scan'}
            onClick={props.onScan}
          >
            Scan Files
          </Button>
          <Button
            variant="secondary"
            className="button--small"
            busy={scanning && scanningFrom === 'rescan'}
            disabled={scanning && scanningFrom !== 'rescan'}
            onClick={props.onRescan}
          >
            Rescan now
          </Button>
          <Button
            variant="quiet"
            className="button--small"
            aria-expanded={libraryShown}
            aria-controls={libraryShown ? libraryId : undefined}
            onClick={props.onToggleLibrary}
          >
            {libraryShown ? 'Hide Library' : 'Show Library'}
          </Button>
        </div>
      </div>
      <LastScan lastScan={lastScan} loading={loading} scanning={scanning} />
      {notice && <p className="media-notice">{notice}</p>}
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function LastScan({ lastScan, loading, scanning }: { lastScan: ScanSummary | null; loading: boolean; scanning: boolean }) {
  const when = lastScan ? new Date(lastScan.timestamp) : null;
  const counts = lastScan?.discoveries;
  return (
    <dl className="media-scan-summary" aria-busy={scanning || loading || undefined}>
      <div className="media-scan-summary__item media-scan-summary__item--when">
        <dt>Last scan</dt>
        <dd>
          {scanning ? (
            <span className="media-scan-summary__scanning">
              <span className="spinner" aria-hidden="true" />
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
