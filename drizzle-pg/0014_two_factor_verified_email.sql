ALTER TABLE "two_factor" ADD COLUMN "enabled_on_verified_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written:
-- Second factors turned on before the column existed: whether the address is verified now is the
-- best evidence of whether it was then (decision 043). A pending setup gets its value when enabled.
UPDATE "two_factor" SET "enabled_on_verified_email" = "users"."email_verified" FROM "users" WHERE "users"."id" = "two_factor"."user_id" AND "two_factor"."secret" IS NOT NULL;
