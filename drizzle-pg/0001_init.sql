CREATE TABLE "audit_entries" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"actor_id" text collate "C",
	"actor_email" text collate "C",
	"action" text collate "C" NOT NULL,
	"target_type" text collate "C" NOT NULL,
	"target_id" text collate "C" NOT NULL,
	"summary" text collate "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"id_hash" text collate "C" PRIMARY KEY NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"sessions_valid_from" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_scans" (
	"base_path" text collate "C" PRIMARY KEY NOT NULL,
	"scanned_at" bigint NOT NULL,
	"images" integer NOT NULL,
	"videos" integer NOT NULL,
	"audio" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"user_id" text collate "C" PRIMARY KEY NOT NULL,
	"token_hash" text collate "C" NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"name" text collate "C" NOT NULL,
	"items" json NOT NULL,
	"images" json NOT NULL,
	"videos" json NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" text collate "C" NOT NULL,
	"code_hash" text collate "C" NOT NULL,
	CONSTRAINT "recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"token_id" text collate "C" PRIMARY KEY NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slider_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"backgrounds_base_path" text collate "C" NOT NULL,
	"active_playlist" text collate "C" NOT NULL,
	"cycle_time" integer NOT NULL,
	"transition_duration" integer NOT NULL,
	"overlay_opacity" double precision NOT NULL,
	"overlay_color" text collate "C" NOT NULL,
	"random_order" boolean NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" text collate "C" PRIMARY KEY NOT NULL,
	"secret" text collate "C",
	"pending_secret" text collate "C",
	"last_step" integer
);
--> statement-breakpoint
CREATE TABLE "user_search_grams" (
	"gram" text collate "C" PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"name" text collate "C" NOT NULL,
	"email" text collate "C" NOT NULL,
	"role" text collate "C" DEFAULT 'user' NOT NULL,
	"membership_tier" text collate "C" DEFAULT 'free' NOT NULL,
	"status" text collate "C" DEFAULT 'active' NOT NULL,
	"password_hash" text collate "C" NOT NULL,
	"password_changed_at" bigint NOT NULL,
	"sessions_valid_from" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_action_at_idx" ON "audit_entries" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "login_challenges_expires_at_idx" ON "login_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_challenges_user_id_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_membership_tier_idx" ON "users" USING btree ("membership_tier","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);