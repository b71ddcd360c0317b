// The admin panel: a sidebar of sections beside the open one. The route is a lazy chunk, so
// visitors and members never download any of this.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { getToken, roleOf } from '../lib/session';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/use-page-title';
import { StatusMessage } from '../ui/status-message';
import { AccountSecuritySection } from './account/account-security-section';
import { useAdminSection, type AdminSectionId } from './admin-sections';
import { AuditSection } from './audit/audit-section';
import { AdminSidebar } from './admin-sidebar';
import { BackgroundsSection } from './backgrounds/backgrounds-section';
import { MediaSection } from './media/media-section';
import { SectionBoundary } from './section-boundary';
import { StatsSection } from './stats/stats-section';
import { UsersSection } from './users/users-section';
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
        {me.error && me.error.data?.httpStatus !== 401 && <StatusMessage tone="error">{serverMessage(me.error, MESSAGES.somethingWentWrong)}</StatusMessage>}
        <SectionBoundary key={section.id} title={section.label}>
          <SectionContent id={section.id} />
        </SectionBoundary>
      </div>
    </div>
  );
}

function SectionContent({ id }: { id: AdminSectionId }) {
  switch (id) {
    case 'dashboard':
      return <StatsSection />;
    case 'users':
      return <UsersSection />;
    case 'backgrounds':
      return <BackgroundsSection />;
    case 'media':
      return <MediaSection />;
    case 'audit':
      return <AuditSection />;
    case 'security':
      return <AccountSecuritySection />;
  }
}
