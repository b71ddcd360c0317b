-- Wrong two-factor app codes per account and 24-hour window, and which window's limit was mailed
-- (CONTRACT §3 TWO_FACTOR_FAILURES_PER_DAY; server/auth/two-factor-failures.ts).
ALTER TABLE `two_factor` ADD `code_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `code_failures_since` integer;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `code_failures_mailed` integer;
