// The admin panel's sections (spec §2, §4; CONTRACT §9 for Discussions and the Mail outbox) and the
// URL that remembers which one is open: /admin/dashboard for the overview, ?section=users and so on
// for the rest, so reloading and the back button keep the admin where they were.
import { useSearchParams } from 'react-router-dom';
import { AccountSecuritySection } from './account/account-security-section';
import { AuditSection } from './audit/audit-section';
import { BackgroundsSection } from './backgrounds/backgrounds-section';
import { CourseSection } from './course/course-section';
import { DiscussionsSection } from './discussions/discussions-section';
import { MediaSection } from './media/media-section';
import { OutboxSection } from './outbox/outbox-section';
import { StatsSection } from './stats/stats-section';
import { UsersSection } from './users/users-section';

/** Each section's id in the URL, its name in the sidebar and title, and what it shows. */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', Content: StatsSection },
  { id: 'users', label: 'User Management', Content: UsersSection },
  { id: 'backgrounds', label: 'Background Manager', Content: BackgroundsSection },
  { id: 'media', label: 'Media Manager', Content: MediaSection },
  { id: 'course', label: 'Course Manager', Content: CourseSection },
  { id: 'discussions', label: 'Discussions', Content: DiscussionsSection },
  { id: 'outbox', label: 'Mail outbox', Content: OutboxSection },
  { id: 'audit', label: 'Audit Log', Content: AuditSection },
  { id: 'security', label: 'Account Security', Content: AccountSecuritySection },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

const DEFAULT_SECTION: AdminSectionId = 'dashboard';
const PARAM = 'section';

/** The search string that opens a section (the default one has none). */
export function sectionSearch(id: AdminSectionId): string {
  return id === DEFAULT_SECTION ? '' : `?${PARAM}=${id}`;
}

/** The open section; an unknown or missing value is the default. */
export function useAdminSection() {
  const [params] = useSearchParams();
  const value = params.get(PARAM);
  return ADMIN_SECTIONS.find((section) => section.id === value) ?? ADMIN_SECTIONS[0];
}
