CREATE INDEX `users_name_idx` ON `users` ("name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`,`id`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`id`);--> statement-breakpoint
CREATE INDEX `users_membership_tier_idx` ON `users` (`membership_tier`,`id`);--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`,`id`);