CREATE TABLE `revoked_tokens` (
	`token_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revoked_tokens_expires_at_idx` ON `revoked_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `sessions_valid_from` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Tokens issued before a user's last password change stay refused, as they were.
UPDATE `users` SET `sessions_valid_from` = `password_changed_at`;
