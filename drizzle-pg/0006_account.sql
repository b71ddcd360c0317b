CREATE TABLE "account_tokens" (
	"user_id" text collate "C" NOT NULL,
	"purpose" text collate "C" NOT NULL,
	"token_hash" text collate "C" NOT NULL,
	"email" text collate "C" NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "account_tokens_user_id_purpose_pk" PRIMARY KEY("user_id","purpose"),
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;