DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
-- hand-written:
-- The users' search checks one column of PostgreSQL's own, search_text: the name and the email
-- lowered (lower() of "C" text folds ASCII letters only, as SQLite's LIKE does) and joined by a
-- newline, which no search can hold (shared/text.ts), so a fragment never matches across the two.
-- One LIKE on text already lowered, read from the sort index, costs a fifth of lower() and LIKE on
-- two columns read from the table (decision 004, 2026-11-26): "mart" page 500 and "q" in the default
-- order walked 76,000 and 90,000 users at 0.3-0.4 µs each. The trigram index moves onto it (one
-- index instead of one per column), and a GIN index of its letters finds the users who have every
-- letter of a fragment too short for trigrams ("q": 100 users of a million, found at once).
-- The sort indexes are dropped before the column is added, which rewrites the table and rebuilds
-- every index left on it, and built once after, INCLUDE-ing the column instead of the name and email
-- (the name index keeps the name: a walk by name reads lower(name), its sort key, from the index).
-- Plain CREATE INDEX: a migration runs in one transaction, where CONCURRENTLY cannot; the upgrade
-- holds the users table for the time of the rewrite and five index builds (decision 004).
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_name_idx";--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text COLLATE "C" GENERATED ALWAYS AS (lower("name") || E'\n' || lower("email")) STORED;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("name"),"id") INCLUDE ("name","search_text");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_letters_idx" ON "users" USING gin (string_to_array("search_text", NULL));
