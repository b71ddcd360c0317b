CREATE TABLE `course_streams` (
	`file_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`percent` integer NOT NULL,
	`error` text,
	`heights` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `course_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`key` text,
	`payload` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`max_attempts` integer NOT NULL,
	`run_after` integer NOT NULL,
	`lease_until` integer,
	`worker` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_idx` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_claim_idx` ON `jobs` (`state`,`run_after`);--> statement-breakpoint
CREATE INDEX `jobs_type_idx` ON `jobs` (`type`,`state`);