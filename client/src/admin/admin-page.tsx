// The admin panel: a sidebar of sections beside the open one. The route is a lazy chunk, so
// visitors and members never download any of this.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { getToken, roleOf } from '../lib/session';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/use-page-title';
import { ServerError } from '../ui/server-error';
import { useAdminSection } from './admin-sections';
import { AdminSidebar } from './admin-sidebar';
import { SectionBoundary } from './section-boundary';
import './admin-page.css';

export function AdminPage() {
  // Read once, so that signing out (token removed) does not bounce this page to /dashboard.
  const [isAdmin] = useState(() => roleOf(getToken()) === 'admin');
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <AdminPanel />;
}

function AdminPanel() {
  const section = useAdminSection();
  usePageTitle(section.id === 'dashboard' ? 'Admin Panel' : `${section.label} · Admin Panel`);
  const me = useCurrentUser();

  return (
    <div className="page admin">
      <AdminSidebar current={section.id} me={me.data} />
      <div className="admin__content">
        {/* A 401 sends the admin to sign in again, with its own message there (useCurrentUser). */}
        {me.error?.data?.httpStatus !== 401 && <ServerError error={me.error} />}
        <SectionBoundary key={section.id} title={section.label}>
          <section.Content />
        </SectionBoundary>
      </div>
    </div>
  );
}
