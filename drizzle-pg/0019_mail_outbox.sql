CREATE TABLE "mail_day_counts" (
	"user_id" text collate "C" NOT NULL,
	"day" text collate "C" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "mail_day_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"key" text collate "C" NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"kind" text collate "C" NOT NULL,
	"subject" text collate "C" NOT NULL,
	"content" text collate "C" NOT NULL,
	"state" text collate "C" NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text collate "C",
	"lease_until" bigint,
	"cap_day" text collate "C",
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"user_id" text collate "C" PRIMARY KEY NOT NULL,
	"replies" boolean NOT NULL,
	"course_updates" boolean NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_day_counts" ADD CONSTRAINT "mail_day_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_key_unique" ON "mail_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_state_created_idx" ON "mail_outbox" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");