CREATE TABLE `stripe_refunds` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`charge_id` text NOT NULL,
	`event_id` text NOT NULL,
	`refunded_at` integer NOT NULL
);
