// Tables that triggers fill from other tables (the course insights' running totals, decision 032):
// db:copy copies their sources, and the target rebuilds them from those (course_insights_rebuild).
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['course_lesson_totals', 'course_module_totals', 'course_member_modules', 'course_member_totals']);
