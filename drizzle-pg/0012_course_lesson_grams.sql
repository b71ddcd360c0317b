CREATE TABLE "course_lesson_grams" (
	"lesson_id" text collate "C" NOT NULL,
	"gram" text collate "C" NOT NULL,
	"cues" integer NOT NULL,
	"in_text" boolean NOT NULL,
	CONSTRAINT "course_lesson_grams_lesson_id_gram_pk" PRIMARY KEY("lesson_id","gram")
);
--> statement-breakpoint
ALTER TABLE "course_lesson_grams" ADD CONSTRAINT "course_lesson_grams_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lesson_grams_gram_idx" ON "course_lesson_grams" USING btree ("gram","lesson_id","cues","in_text");