-- Wrong two-factor app codes per account and 24-hour window, and which window's limit was mailed
-- (CONTRACT §3 TWO_FACTOR_FAILURES_PER_DAY; server/auth/two-factor-failures.ts).
ALTER TABLE "two_factor" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "code_failures_since" bigint;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "code_failures_mailed" bigint;
