// The members' pages, loaded together in one lazy chunk: a chunk of its own per page made Rolldown
// 1.2 split the tRPC link out of the visitor entry (rolldown#9963; tests/e2e/visitor-pages.spec.ts
// counts the entry's files). The pages of the account's mailed links and the public certificate
// come with them for the same reason, though they need no session: a chunk of their own split the
// visitor entry in two.
export { DashboardPage } from './dashboard-page';
export { LessonPage } from './lesson-page';
export { AccountPage } from '../account/account-page';
export { ConfirmEmailPage, VerifyEmailPage } from '../account/link-pages';
export { WelcomePage } from '../billing/welcome-page';
export { CertificatePage } from './certificate-page';
