// The admin panel's sections (spec §2, §4) and the URL that remembers which one is open:
// /admin/dashboard for the overview, ?section=users and so on for the rest, so reloading and the
// back button keep the admin where they were.
import { useSearchParams } from 'react-router-dom';

export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'users', label: 'User Management' },
  { id: 'backgrounds', label: 'Background Manager' },
  { id: 'media', label: 'Media Manager' },
  { id: 'audit', label: 'Audit Log' },
  { id: 'security', label: 'Account Security' },
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
