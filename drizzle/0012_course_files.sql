CREATE TABLE `course_caption_cues` (
	`file_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`position` integer NOT NULL,
	`start_seconds` real NOT NULL,
	`end_seconds` real NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`file_id`, `position`),
	FOREIGN KEY (`file_id`) REFERENCES `course_files`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `course_caption_cues_lesson_idx` ON `course_caption_cues` (`lesson_id`,`start_seconds`);--> statement-breakpoint
CREATE TABLE `course_files` (
	`id` text PRIMARY KEY NOT NULL,
	`lesson_id` text NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`stored_name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`lang` text,
	`label` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `course_files_lesson_idx` ON `course_files` (`lesson_id`,`role`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `course_files_stored_name_idx` ON `course_files` (`stored_name`);