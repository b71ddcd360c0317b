CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stripe_payments` (
	`checkout_session_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`payment_intent_id` text,
	`paid_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_payments_payment_intent_unique` ON `stripe_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `stripe_payments_user_idx` ON `stripe_payments` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `paid_via` text;--> statement-breakpoint
ALTER TABLE `users` ADD `paid_reference` text;--> statement-breakpoint
-- hand-written:
-- Members already paid before paid_via existed became Architects by an admin's hand (CONTRACT §6).
UPDATE `users` SET `paid_via` = 'hand' WHERE `membership_tier` = 'paid';
