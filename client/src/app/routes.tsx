import type { RouteObject } from 'react-router-dom';
import { CoursesPage } from '../pages/courses-page';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { JoinPage } from '../pages/join-page';
import { LandingPage } from '../pages/landing-page';
import { LoginPage } from '../pages/login-page';
import { NotFoundPage } from '../pages/not-found-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { TermsPage } from '../pages/terms-page';
import { GuardFallback, requireToken } from './require-token';
import { RouteError } from './route-error';
import type { RouteHandle } from './site-header';
import { SiteLayout } from './site-layout';

const focused: RouteHandle = { focused: true };

/** Every route of the site; the browser router (main.tsx) and the build's prerender use the same. */
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Errors below render inside the layout, so the page keeps its background and footer.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: LandingPage },
          { path: 'courses', Component: CoursesPage },
          { path: 'join', Component: JoinPage, handle: focused },
          { path: 'login', Component: LoginPage, handle: focused },
          { path: 'forgot-password', Component: ForgotPasswordPage, handle: focused },
          { path: 'reset-password/:token', Component: ResetPasswordPage, handle: focused },
          { path: 'terms', Component: TermsPage },
          // Opened from a mail, signed in or not: outside the guard, but lazy, with the members' providers
          // and chunk, out of the visitor bundle.
          {
            lazy: async () => {
              const { MemberArea } = await import('./member-area');
              return { Component: MemberArea };
            },
            children: [
              {
                path: 'verify-email/:token',
                handle: focused,
                lazy: async () => {
                  const { VerifyEmailPage } = await import('../pages/member-pages');
                  return { Component: VerifyEmailPage };
                },
              },
              {
                path: 'confirm-email/:token',
                handle: focused,
                lazy: async () => {
                  const { ConfirmEmailPage } = await import('../pages/member-pages');
                  return { Component: ConfirmEmailPage };
                },
              },
            ],
          },
          {
            path: 'certificates/:id',
            // Public, but lazy, so the visitor pages' bundle does not carry it: in the member pages'
            // chunk, as the mailed-link pages are (member-pages.ts says why).
            lazy: async () => {
              const { CertificatePage } = await import('../pages/member-pages');
              return { Component: CertificatePage };
            },
          },
          {
            loader: requireToken,
            hydrateFallbackElement: <GuardFallback />,
            lazy: async () => {
              const { MemberArea } = await import('./member-area');
              return { Component: MemberArea };
            },
            children: [
              {
                path: 'dashboard',
                // Members only, with the two-factor panel: not in the visitor pages' bundle.
                lazy: async () => {
                  const { DashboardPage } = await import('../pages/member-pages');
                  return { Component: DashboardPage };
                },
              },
              {
                path: 'account',
                // Members only, in the dashboard's chunk.
                lazy: async () => {
                  const { AccountPage } = await import('../pages/member-pages');
                  return { Component: AccountPage };
                },
              },
              {
                path: 'course/:lessonId',
                // Members only, in the dashboard's chunk, out of the visitor pages' bundle.
                lazy: async () => {
                  const { LessonPage } = await import('../pages/member-pages');
                  return { Component: LessonPage };
                },
              },
              {
                path: 'welcome',
                // Where Stripe sends a member back after paying: in the members' chunk too.
                lazy: async () => {
                  const { WelcomePage } = await import('../pages/member-pages');
                  return { Component: WelcomePage };
                },
              },
              {
                path: 'admin/dashboard',
                errorElement: <RouteError />,
                // Its own chunk: visitors and members never download the admin panel.
                lazy: async () => {
                  const { AdminPage } = await import('../admin/admin-page');
                  return { Component: AdminPage };
                },
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
