import { Link, NavLink, useLocation, useMatches } from 'react-router-dom';
import { SITE_NAME } from '@shared/constants';
import { homePathOf, useToken } from '../lib/session';
import { FILLED, Icon } from '../ui/icon';
import './site-header.css';

export interface RouteHandle {
  /** Account screens (join, sign in, reset) keep the header to the wordmark alone. */
  focused?: boolean;
}

export function SiteHeader() {
  const token = useToken();
  const { pathname } = useLocation();
  const focused = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.focused);
  // The landing page always offers Sign In (spec §2); elsewhere a signed-in member sees Dashboard instead.
  const showSignIn = !token || pathname === '/';

  return (
    <header className="site-header">
      <Link to="/" className="wordmark">
        <StarMark />
        <span>{SITE_NAME}</span>
      </Link>
      {!focused && (
        <nav className="site-nav" aria-label="Main">
          <NavLink to="/courses" className="site-nav__link">
            Courses
          </NavLink>
          {token && (
            <NavLink to={homePathOf(token)} className="site-nav__link">
              Dashboard
            </NavLink>
          )}
          {showSignIn && (
            <NavLink to="/login" className="site-nav__link site-nav__link--accent">
              Sign In
            </NavLink>
          )}
        </nav>
      )}
    </header>
  );
}

function StarMark() {
  return (
    <Icon className="wordmark__mark" box={32} size={28} strokeWidth={1.2}>
      <circle cx="16" cy="16" r="13" strokeOpacity="0.45" />
      <path d="M16 5.5 18.2 13.8 26.5 16 18.2 18.2 16 26.5 13.8 18.2 5.5 16 13.8 13.8Z" {...FILLED} />
    </Icon>
  );
}
