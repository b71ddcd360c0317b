CREATE TABLE `audit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`summary` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_entries_at_idx` ON `audit_entries` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_entries_action_at_idx` ON `audit_entries` (`action`,`at`,`id`);