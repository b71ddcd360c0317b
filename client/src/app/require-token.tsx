// The guard (spec §2): pages below it need a stored token. Only its presence is checked, not its
// role or validity; the server refuses a bad token, and useCurrentUser sends its holder to sign in.
// It runs as a loader, at navigation time, so signing out (token removed, then navigate to /)
// cannot race a re-render into a redirect to /login.
import { redirect } from 'react-router-dom';
import { getToken } from '../lib/session';
import { Spinner } from '../ui/spinner';
import './require-token.css';

export function requireToken() {
  return getToken() ? null : redirect('/login');
}

/** Shown in the guarded area while a first page load resolves (the lazy admin chunk, say). */
export function GuardFallback() {
  return (
    <div className="page-loading" role="status">
      <Spinner />
      Loading…
    </div>
  );
}
