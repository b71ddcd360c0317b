ALTER TABLE `course_files` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `course_files` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `course_lesson_texts` ADD `version` integer DEFAULT 0 NOT NULL;