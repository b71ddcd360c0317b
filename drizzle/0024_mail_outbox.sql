CREATE TABLE `mail_day_counts` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`last_error` text,
	`lease_until` integer,
	`cap_day` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_key_unique` ON `mail_outbox` (`key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_state_created_idx` ON `mail_outbox` (`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_user_idx` ON `mail_outbox` (`user_id`);--> statement-breakpoint
CREATE TABLE `mail_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`replies` integer NOT NULL,
	`course_updates` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
