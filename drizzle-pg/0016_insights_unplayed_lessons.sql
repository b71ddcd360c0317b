-- A lesson with a duration and nobody's progress was rebuilt as played in full: over the LEFT JOIN
-- its progress is null, and least(), unlike SQLite's min(), skips a null argument. Rebuilt again so
-- that a database rebuilt by 0011 (or by db:copy) reads right.
CREATE OR REPLACE FUNCTION "course_insights_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "course_lesson_totals";
  DELETE FROM "course_member_modules";
  DELETE FROM "course_member_totals";
  DELETE FROM "course_module_totals";
  INSERT INTO "course_lesson_totals" ("lesson_id", "started", "completed", "played_sum")
    SELECT l."id", count(p."user_id"), count(p."completed_at"), coalesce(sum(least(p."played_seconds", coalesce(l."duration_seconds", 0))) FILTER (WHERE p."user_id" IS NOT NULL), 0)
    FROM "course_lessons" l LEFT JOIN "course_progress" p ON p."lesson_id" = l."id" GROUP BY l."id";
  INSERT INTO "course_member_modules" ("module_id", "user_id", "started", "completed")
    SELECT l."module_id", p."user_id", count(*), count(p."completed_at")
    FROM "course_progress" p JOIN "course_lessons" l ON l."id" = p."lesson_id" WHERE l."published" GROUP BY l."module_id", p."user_id";
  INSERT INTO "course_member_totals" ("user_id", "lessons") SELECT "user_id", count(*) FROM "course_progress" GROUP BY "user_id";
  INSERT INTO "course_module_totals" ("module_id", "lessons", "started", "completed")
    SELECT m."id", (SELECT count(*) FROM "course_lessons" l WHERE l."module_id" = m."id" AND l."published"), 0, 0 FROM "course_modules" m;
  PERFORM "course_module_recount"("module_id") FROM "course_module_totals";
END $$;
--> statement-breakpoint
SELECT "course_insights_rebuild"();
