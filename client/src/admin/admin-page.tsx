// The admin panel, for now its shell only: who is signed in, and a way out. Statistics, users,
// the background slider and the media library arrive as sections of this page.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../lib/server-message';
import { getToken, roleOf } from '../lib/session';
import { useCurrentUser } from '../lib/use-current-user';
import { useLogout } from '../lib/use-logout';
import { usePageTitle } from '../lib/use-page-title';
import { Button, ButtonLink } from '../ui/button';
import { FormMessage } from '../ui/form-message';

export function AdminPage() {
  // Read once, so that signing out (token removed) does not bounce this page to /dashboard.
  const [isAdmin] = useState(() => roleOf(getToken()) === 'admin');
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <AdminPanel />;
}

function AdminPanel() {
  usePageTitle('Admin Panel');
  const me = useCurrentUser();
  const logout = useLogout();

  return (
    <div className="page">
      <section className="panel admin-head">
        <div>
          <p className="eyebrow">Administration</p>
          <h1>Admin Panel</h1>
          {me.data && (
            <p className="muted">
              Signed in as <strong className="admin-head__name">{me.data.name}</strong> ({me.data.email})
            </p>
          )}
          {me.isPending && (
            <p className="muted" role="status">
              Loading your account…
            </p>
          )}
        </div>
        <div className="actions">
          <ButtonLink to="/dashboard" variant="secondary">
            Member view
          </ButtonLink>
          <Button variant="quiet" onClick={logout}>
            Logout
          </Button>
        </div>
      </section>

      {me.error && me.error.data?.httpStatus !== 401 && (
        <FormMessage tone="error">{serverMessage(me.error, MESSAGES.somethingWentWrong)}</FormMessage>
      )}

      {me.data && (
        <section className="panel admin-soon">
          <h2>Tools on their way</h2>
          <p>
            Platform statistics, user management, the background slider and the media library will appear here. Until
            then, this page confirms that your administrator account works.
          </p>
        </section>
      )}
    </div>
  );
}
