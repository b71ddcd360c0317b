import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { getToken, roleOf } from '../lib/session';
import { useCurrentUser } from '../lib/use-current-user';
import { useLogout } from '../lib/use-logout';
import { usePageTitle } from '../lib/use-page-title';
import { Button, ButtonLink, buttonClass } from '../ui/button';
import { StatusMessage } from '../ui/status-message';
import { Panel } from '../ui/panel';
import { PanelSection } from '../ui/panel-section';
import { trpc } from '../lib/trpc';
import { CourseProgressSummary, useModuleCounts } from '../course/course-progress-summary';
import { CourseSearch } from '../course/course-search';
import { CourseOutlineList } from './course-outline';
import { ArchitectSince } from '../billing/architect-since';
import { BecomeArchitectButton } from '../billing/become-architect-button';
import './page-sections.css';
import './dashboard-page.css';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useCurrentUser();
  const { logout, logoutEverywhere, everywhereError, pending } = useLogout();
  // Read once: the link must not flicker while signing out removes the token.
  const [isAdmin] = useState(() => roleOf(getToken()) === 'admin');

  const outline = trpc.course.outline.useQuery();
  const counts = useModuleCounts();
  const user = me.data;
  const paid = user?.membershipTier === 'paid';

  return (
    <div className="page dashboard-page">
      <Panel className="dashboard-head">
        <div className="dashboard-head__text">
          <p className="eyebrow">Member dashboard</p>
          {user ? (
            <>
              <h1 className="dashboard-head__title">Welcome, {user.name}</h1>
              <p className="tier-badge">
                <span className="tier-badge__label">Your membership</span>
                <span className={`tier-badge__value ${paid ? 'tier-badge__value--paid' : ''}`}>
                  {paid ? 'Architect — the ten-part course' : 'Explorer — free membership'}
                </span>
                {paid && <ArchitectSince paidSince={user.paidSince} />}
              </p>
            </>
          ) : (
            <>
              <h1 className="dashboard-head__title">Welcome</h1>
              {me.isPending && (
                <p className="muted" role="status">
                  Loading your dashboard…
                </p>
              )}
            </>
          )}
        </div>
        <div className="actions">
          {isAdmin && (
            <ButtonLink to="/admin/dashboard" variant="secondary">
              Open the Admin Panel
            </ButtonLink>
          )}
          <ButtonLink to="/account" variant="secondary">
            Your account
          </ButtonLink>
          <Button variant="quiet" busy={pending} onClick={() => void logout()}>
            Logout
          </Button>
          <Button variant="quiet" busy={pending} onClick={() => void logoutEverywhere()}>
            Sign out everywhere
          </Button>
        </div>
      </Panel>

      {everywhereError && (
        <StatusMessage
          tone="error"
          className="dashboard-page__message"
        >{`Could not sign out everywhere: ${serverMessage(everywhereError, MESSAGES.somethingWentWrong)}`}</StatusMessage>
      )}

      {me.error && me.error.data?.httpStatus !== 401 && (
        <StatusMessage tone="error" className="dashboard-page__message">
          {serverMessage(me.error, MESSAGES.somethingWentWrong)}
        </StatusMessage>
      )}

      {user && (
        <section className="section">
          <div className="section__head">
            <h2 id="course-title" className="section__title">
              Your course
            </h2>
            <p className="section__intro">
              {paid
                ? 'All ten modules are open to you. Take them in order, and give each one time to settle.'
                : 'As an Explorer you can see the whole path. The modules open when you become an Architect.'}
            </p>
          </div>

          {!paid && (
            <Panel as="div" className="upgrade">
              <div>
                <h3 className="upgrade__title">Unlock all ten modules</h3>
                <p>The Architect path opens the complete course, with practices for every stage of the journey.</p>
              </div>
              <BecomeArchitectButton fallback="/courses#tiers" className={buttonClass('primary')} />
            </Panel>
          )}

          <CourseProgressSummary />
          <CourseSearch />

          {outline.data ? (
            <CourseOutlineList modules={outline.data.modules} labelledBy="course-title" counts={counts} />
          ) : outline.error ? (
            <StatusMessage tone="error">{serverMessage(outline.error, MESSAGES.somethingWentWrong)}</StatusMessage>
          ) : (
            <p className="muted" role="status">
              Loading the course…
            </p>
          )}
        </section>
      )}

      {user && (
        <PanelSection title="Two-factor sign-in" className="section">
          <p>
            Two-factor sign-in, your name, email address and password are on <Link to="/account">your account page</Link>.
          </p>
        </PanelSection>
      )}
    </div>
  );
}
