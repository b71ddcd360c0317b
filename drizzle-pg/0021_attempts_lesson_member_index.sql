DROP INDEX "course_attempts_lesson_idx";--> statement-breakpoint
CREATE INDEX "course_attempts_lesson_member_idx" ON "course_attempts" USING btree ("lesson_id","user_id","number");