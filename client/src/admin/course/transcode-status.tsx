// A media file's stream in the Course Manager (CONTRACT §7, issue 34 "The Course Manager shows
// it"): its transcode in words, a progress bar while it runs (the tree is read again meanwhile:
// use-course-content.ts), Retry on a failed one with ffmpeg's reason, and what members get until
// the stream is ready.
import { useId, useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import type { AdminFile } from './course-types';
import { transcodeWords } from './transcode-words';
import { useTranscodeRetry } from './use-transcode-retry';
import './transcode-status.css';

interface TranscodeStatusProps {
  file: AdminFile;
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function TranscodeStatus({ file, onChanged, showStatus }: TranscodeStatusProps) {
  const progressId = useId();
  const retry = useTranscodeRetry();
  const [busy, setBusy] = useState(false);
  const { transcode } = file;

  if (!transcode) {
    // A media file no transcode was queued for (ffmpeg missing on the server when it came).
    return <p className="cm-transcode cm-transcode__note">No stream for this file: members get the original file.</p>;
  }

  async function again() {
    setBusy(true);
    try {
      await retry(file._id);
      showStatus(`The stream of ${file.name} is being prepared again`, { tone: 'success' });
      await onChanged();
    } catch (error) {
      showStatus(`The stream of ${file.name} was not started again: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error', durationMs: 6000 });
    } finally {
      setBusy(false);
    }
  }

  const words = transcodeWords(transcode);
  return (
    <div className={`cm-transcode cm-transcode--${transcode.state}`}>
      {transcode.state === 'running' ? (
        <>
          <label htmlFor={progressId} className="cm-transcode__state">
            {words}
          </label>
          <progress id={progressId} max={100} value={transcode.percent} />
        </>
      ) : (
        <span className="cm-transcode__state">{words}</span>
      )}
      {transcode.state === 'failed' && (
        <Button variant="secondary" className="button--small" busy={busy} aria-label={`Retry the stream of ${file.name}`} onClick={() => void again()}>
          Retry
        </Button>
      )}
      {transcode.state !== 'done' && <p className="cm-transcode__note">Until the stream is ready, members get the original file.</p>}
    </div>
  );
}
