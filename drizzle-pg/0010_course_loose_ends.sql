ALTER TABLE "course_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "course_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "course_lesson_texts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;