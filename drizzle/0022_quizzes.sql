CREATE TABLE `course_attempt_answers` (
	`attempt_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answer` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`attempt_id`, `question_id`),
	FOREIGN KEY (`attempt_id`) REFERENCES `course_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`number` integer NOT NULL,
	`started_at` integer NOT NULL,
	`submitted_at` integer,
	`questions` text NOT NULL,
	`percent` integer,
	`passed` integer,
	`results` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_attempts_number_idx` ON `course_attempts` (`user_id`,`lesson_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `course_attempts_open_idx` ON `course_attempts` (`user_id`,`lesson_id`) WHERE "course_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX `course_attempts_lesson_idx` ON `course_attempts` (`lesson_id`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `course_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`lesson_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`options` text NOT NULL,
	`answers` text NOT NULL,
	`explanation` text NOT NULL,
	`points` integer NOT NULL,
	`taught_lesson_id` text,
	`taught_start` real,
	`taught_end` real,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taught_lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `course_questions_lesson_idx` ON `course_questions` (`lesson_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `course_questions_taught_idx` ON `course_questions` (`taught_lesson_id`);--> statement-breakpoint
CREATE TABLE `course_quizzes` (
	`lesson_id` text PRIMARY KEY NOT NULL,
	`pass_percent` integer NOT NULL,
	`attempts_allowed` integer,
	`retry_after_minutes` integer NOT NULL,
	`questions_per_attempt` integer,
	`shuffle` integer NOT NULL,
	`required_to_complete` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
