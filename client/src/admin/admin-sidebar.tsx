import { Link } from 'react-router-dom';
import { useLogout } from '../lib/use-logout';
import { Button } from '../ui/button';
import { ADMIN_SECTIONS, sectionSearch, type AdminSectionId } from './admin-sections';
import { Panel } from '../ui/panel';
import './admin-sidebar.css';

interface AdminSidebarProps {
  current: AdminSectionId;
  me: { name: string; email: string } | undefined;
}

/** Spec §2: titled Admin Panel, the sections (admin-sections.ts), and Logout (token removed, back to /). */
export function AdminSidebar({ current, me }: AdminSidebarProps) {
  const { logout, pending } = useLogout();
  return (
    <Panel as="div" className="admin-sidebar">
      <div className="admin-sidebar__head">
        <h1 className="admin-sidebar__title">Admin Panel</h1>
        {me && (
          <p className="admin-sidebar__who">
            Signed in as <strong>{me.name}</strong>
            <span className="admin-sidebar__email">{me.email}</span>
          </p>
        )}
      </div>
      <nav className="admin-nav" aria-label="Admin sections">
        <ul className="admin-nav__list">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.id}>
              <Link to={{ search: sectionSearch(section.id) }} className="admin-nav__link" aria-current={section.id === current ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button variant="quiet" className="button--small admin-sidebar__logout" busy={pending} onClick={() => void logout()}>
        Logout
      </Button>
    </Panel>
  );
}
