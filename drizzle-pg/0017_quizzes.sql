CREATE TABLE "course_attempt_answers" (
	"attempt_id" text collate "C" NOT NULL,
	"question_id" text collate "C" NOT NULL,
	"answer" text collate "C" NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "course_attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "course_attempts" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"number" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"submitted_at" bigint,
	"questions" text collate "C" NOT NULL,
	"percent" integer,
	"passed" boolean,
	"results" text collate "C"
);
--> statement-breakpoint
CREATE TABLE "course_questions" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"position" integer NOT NULL,
	"kind" text collate "C" NOT NULL,
	"prompt" text collate "C" NOT NULL,
	"options" text collate "C" NOT NULL,
	"answers" text collate "C" NOT NULL,
	"explanation" text collate "C" NOT NULL,
	"points" integer NOT NULL,
	"taught_lesson_id" text collate "C",
	"taught_start" double precision,
	"taught_end" double precision,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_quizzes" (
	"lesson_id" text collate "C" PRIMARY KEY NOT NULL,
	"pass_percent" integer NOT NULL,
	"attempts_allowed" integer,
	"retry_after_minutes" integer NOT NULL,
	"questions_per_attempt" integer,
	"shuffle" boolean NOT NULL,
	"required_to_complete" boolean NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_attempt_answers" ADD CONSTRAINT "course_attempt_answers_attempt_id_course_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."course_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attempts" ADD CONSTRAINT "course_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attempts" ADD CONSTRAINT "course_attempts_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_taught_lesson_id_course_lessons_id_fk" FOREIGN KEY ("taught_lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quizzes" ADD CONSTRAINT "course_quizzes_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_attempts_number_idx" ON "course_attempts" USING btree ("user_id","lesson_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "course_attempts_open_idx" ON "course_attempts" USING btree ("user_id","lesson_id") WHERE "course_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "course_attempts_lesson_idx" ON "course_attempts" USING btree ("lesson_id","submitted_at");--> statement-breakpoint
CREATE INDEX "course_questions_lesson_idx" ON "course_questions" USING btree ("lesson_id","position","id");--> statement-breakpoint
CREATE INDEX "course_questions_taught_idx" ON "course_questions" USING btree ("taught_lesson_id");