// The members' pages, loaded together in one lazy chunk: a chunk of its own per page made Rolldown
// 1.2 split the tRPC link out of the visitor entry (rolldown#9963; tests/e2e/visitor-pages.spec.ts
// counts the entry's files).
export { DashboardPage } from './dashboard-page';
export { LessonPage } from './lesson-page';
export { WelcomePage } from '../billing/welcome-page';
