CREATE TABLE "course_attempt_marks" (
	"attempt_id" text collate "C" NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"question_id" text collate "C" NOT NULL,
	"full" boolean NOT NULL,
	CONSTRAINT "course_attempt_marks_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "course_attempt_wrong_picks" (
	"attempt_id" text collate "C" NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"question_id" text collate "C" NOT NULL,
	"option_id" text collate "C" NOT NULL,
	CONSTRAINT "course_attempt_wrong_picks_attempt_id_question_id_option_id_pk" PRIMARY KEY("attempt_id","question_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "course_question_tallies" (
	"lesson_id" text collate "C" NOT NULL,
	"question_id" text collate "C" NOT NULL,
	"answered" integer NOT NULL,
	"full" integer NOT NULL,
	CONSTRAINT "course_question_tallies_lesson_id_question_id_pk" PRIMARY KEY("lesson_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "course_quiz_members" (
	"lesson_id" text collate "C" NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"attempts" integer NOT NULL,
	"passed" boolean NOT NULL,
	CONSTRAINT "course_quiz_members_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_wrong_pick_tallies" (
	"lesson_id" text collate "C" NOT NULL,
	"question_id" text collate "C" NOT NULL,
	"option_id" text collate "C" NOT NULL,
	"picks" integer NOT NULL,
	CONSTRAINT "course_wrong_pick_tallies_lesson_id_question_id_option_id_pk" PRIMARY KEY("lesson_id","question_id","option_id")
);
--> statement-breakpoint
ALTER TABLE "course_attempt_marks" ADD CONSTRAINT "course_attempt_marks_attempt_id_course_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."course_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attempt_wrong_picks" ADD CONSTRAINT "course_attempt_wrong_picks_attempt_id_course_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."course_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_question_tallies" ADD CONSTRAINT "course_question_tallies_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_members" ADD CONSTRAINT "course_quiz_members_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_members" ADD CONSTRAINT "course_quiz_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_wrong_pick_tallies" ADD CONSTRAINT "course_wrong_pick_tallies_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- The quiz insights' running totals (decision 054): the twin of drizzle/0023's back-fill and
-- triggers, in PL/pgSQL.
INSERT INTO "course_attempt_marks" ("attempt_id", "lesson_id", "question_id", "full")
  SELECT a."id", a."lesson_id", r->>'questionId', (r->>'correct')::boolean
  FROM "course_attempts" a, jsonb_array_elements(a."results"::jsonb) r WHERE a."submitted_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "course_attempt_wrong_picks" ("attempt_id", "lesson_id", "question_id", "option_id")
  SELECT DISTINCT a."id", a."lesson_id", ans."question_id", p.option_id
  FROM "course_attempts" a
  JOIN "course_attempt_answers" ans ON ans."attempt_id" = a."id"
  JOIN LATERAL jsonb_array_elements(a."results"::jsonb) r ON r->>'questionId' = ans."question_id"
  JOIN LATERAL jsonb_array_elements_text(coalesce(ans."answer"::jsonb->'optionIds', '[]'::jsonb)) p(option_id) ON true
  WHERE a."submitted_at" IS NOT NULL AND NOT (coalesce(r->'correctOptionIds', '[]'::jsonb) @> to_jsonb(p.option_id));
--> statement-breakpoint
INSERT INTO "course_question_tallies" ("lesson_id", "question_id", "answered", "full")
  SELECT "lesson_id", "question_id", count(*), count(*) FILTER (WHERE "full") FROM "course_attempt_marks" GROUP BY "lesson_id", "question_id";
--> statement-breakpoint
INSERT INTO "course_wrong_pick_tallies" ("lesson_id", "question_id", "option_id", "picks")
  SELECT "lesson_id", "question_id", "option_id", count(*) FROM "course_attempt_wrong_picks" GROUP BY "lesson_id", "question_id", "option_id";
--> statement-breakpoint
INSERT INTO "course_quiz_members" ("lesson_id", "user_id", "attempts", "passed")
  SELECT "lesson_id", "user_id", count(*), coalesce(bool_or("passed"), false) FROM "course_attempts" WHERE "submitted_at" IS NOT NULL GROUP BY "lesson_id", "user_id";
--> statement-breakpoint
CREATE FUNCTION "course_attempt_marks_ad"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_question_tallies" SET "answered" = "answered" - 1, "full" = "full" - CASE WHEN OLD."full" THEN 1 ELSE 0 END
  WHERE "lesson_id" = OLD."lesson_id" AND "question_id" = OLD."question_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_attempt_marks_ad" AFTER DELETE ON "course_attempt_marks" FOR EACH ROW EXECUTE FUNCTION "course_attempt_marks_ad"();
--> statement-breakpoint
CREATE FUNCTION "course_attempt_wrong_picks_ad"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_wrong_pick_tallies" SET "picks" = "picks" - 1
  WHERE "lesson_id" = OLD."lesson_id" AND "question_id" = OLD."question_id" AND "option_id" = OLD."option_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_attempt_wrong_picks_ad" AFTER DELETE ON "course_attempt_wrong_picks" FOR EACH ROW EXECUTE FUNCTION "course_attempt_wrong_picks_ad"();
