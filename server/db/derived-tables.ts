// Tables that triggers fill from other tables (the course insights' running totals, decision 032):
// db:copy copies their sources, and the target's triggers rebuild them as those rows arrive.
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['course_lesson_totals', 'course_module_totals', 'course_member_modules', 'course_member_totals']);
