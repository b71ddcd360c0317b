CREATE TABLE `comment_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`banned_until` integer,
	`let_through_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `comment_reports` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_reports_user_idx` ON `comment_reports` (`user_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`lesson_id` text NOT NULL,
	`parent_id` text,
	`author_id` text,
	`body` text NOT NULL,
	`html` text NOT NULL,
	`at_seconds` integer,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	`status` text NOT NULL,
	`answered` integer NOT NULL,
	`pinned` integer NOT NULL,
	`reported_at` integer,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comments_lesson_page_idx` ON `comments` (`lesson_id`,`pinned`,`created_at`,`id`) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_held_idx` ON `comments` (`created_at`,`id`) WHERE "comments"."status" = 'held';--> statement-breakpoint
CREATE INDEX `comments_reported_idx` ON `comments` (`created_at`,`id`) WHERE "comments"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX `comments_created_idx` ON `comments` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_author_idx` ON `comments` (`author_id`,`created_at`);