CREATE TABLE "course_streams" (
	"file_id" text collate "C" PRIMARY KEY NOT NULL,
	"state" text collate "C" NOT NULL,
	"percent" integer NOT NULL,
	"error" text collate "C",
	"heights" text collate "C",
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"type" text collate "C" NOT NULL,
	"key" text collate "C",
	"payload" text collate "C" NOT NULL,
	"state" text collate "C" NOT NULL,
	"attempts" integer NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" bigint NOT NULL,
	"lease_until" bigint,
	"worker" text collate "C",
	"last_error" text collate "C",
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_streams" ADD CONSTRAINT "course_streams_file_id_course_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."course_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("type","state");