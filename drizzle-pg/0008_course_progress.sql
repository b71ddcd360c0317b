CREATE TABLE "course_certificates" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"name" text collate "C" NOT NULL,
	"completed_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "course_certificates_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "course_lesson_texts" (
	"lesson_id" text collate "C" PRIMARY KEY NOT NULL,
	"text" text collate "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" text collate "C" NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"position_seconds" integer NOT NULL,
	"played_seconds" integer NOT NULL,
	"completed_at" bigint,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "course_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_texts" ADD CONSTRAINT "course_lesson_texts_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lesson_texts_trgm_idx" ON "course_lesson_texts" USING gin (lower("text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_progress_lesson_idx" ON "course_progress" USING btree ("lesson_id","completed_at","played_seconds");--> statement-breakpoint
-- hand-written:
-- Lessons written before this version: their Markdown as it is, until their next edit writes the text.
INSERT INTO "course_lesson_texts" ("lesson_id", "text") SELECT "id", "title" || chr(10) || "summary" || chr(10) || "body" FROM "course_lessons";
--> statement-breakpoint
-- The caption cues' substring index for the course search (course_caption_cues, drizzle-pg/0005):
-- written here rather than in the schema, beside the search that reads it (server/course/search-postgres.ts).
CREATE INDEX "course_caption_cues_trgm_idx" ON "course_caption_cues" USING gin (lower("text") gin_trgm_ops);
