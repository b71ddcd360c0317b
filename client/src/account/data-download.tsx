// Download my data (CONTRACT §5): the export file, read with the session's token and saved under the
// name the server gives.
import { useState } from 'react';
import { ACCOUNT_PATHS } from '@shared/account';
import { downloadFile, failureReason } from '../lib/request';
import { saveFile } from '../lib/save-file';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';

type State = { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; reason: string };

export function DataDownload() {
  const [state, setState] = useState<State>({ status: 'idle' });

  async function download() {
    setState({ status: 'busy' });
    try {
      const file = await downloadFile(ACCOUNT_PATHS.exportFile);
      saveFile(file.blob, file.name ?? 'my-data.json');
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', reason: failureReason(error, 'Could not download your data') });
    }
  }

  return (
    <>
      <p>One JSON file with your profile, membership, course progress, certificate and the record of what was done on your account.</p>
      <div className="actions">
        <Button variant="secondary" className="button--small" busy={state.status === 'busy'} onClick={() => void download()}>
          Download my data
        </Button>
      </div>
      {state.status === 'done' && <StatusMessage tone="success">Your data is downloaded.</StatusMessage>}
      {state.status === 'failed' && <StatusMessage tone="error">{state.reason}</StatusMessage>}
    </>
  );
}
