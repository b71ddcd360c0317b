CREATE TABLE "stripe_events" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"type" text collate "C" NOT NULL,
	"received_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_payments" (
	"checkout_session_id" text collate "C" PRIMARY KEY NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"payment_intent_id" text collate "C",
	"paid_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_via" text collate "C";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_reference" text collate "C";--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_payments_payment_intent_unique" ON "stripe_payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "stripe_payments_user_idx" ON "stripe_payments" USING btree ("user_id");--> statement-breakpoint
-- hand-written:
-- Members already paid before paid_via existed became Architects by an admin's hand (CONTRACT §6).
UPDATE "users" SET "paid_via" = 'hand' WHERE "membership_tier" = 'paid';
