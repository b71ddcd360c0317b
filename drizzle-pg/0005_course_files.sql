CREATE TABLE "course_caption_cues" (
	"file_id" text collate "C" NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"text" text collate "C" NOT NULL,
	CONSTRAINT "course_caption_cues_file_id_position_pk" PRIMARY KEY("file_id","position")
);
--> statement-breakpoint
CREATE TABLE "course_files" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"role" text collate "C" NOT NULL,
	"name" text collate "C" NOT NULL,
	"stored_name" text collate "C" NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text collate "C" NOT NULL,
	"lang" text collate "C",
	"label" text collate "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_caption_cues" ADD CONSTRAINT "course_caption_cues_file_id_course_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."course_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_caption_cues_lesson_idx" ON "course_caption_cues" USING btree ("lesson_id","start_seconds");--> statement-breakpoint
CREATE INDEX "course_files_lesson_idx" ON "course_files" USING btree ("lesson_id","role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_files_stored_name_idx" ON "course_files" USING btree ("stored_name");