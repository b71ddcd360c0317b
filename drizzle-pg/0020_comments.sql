CREATE TABLE "comment_members" (
	"user_id" text collate "C" PRIMARY KEY NOT NULL,
	"banned_until" bigint,
	"let_through_at" bigint
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"comment_id" text collate "C" NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"reason" text collate "C" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "comment_reports_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"lesson_id" text collate "C" NOT NULL,
	"parent_id" text collate "C",
	"author_id" text collate "C",
	"body" text collate "C" NOT NULL,
	"html" text collate "C" NOT NULL,
	"at_seconds" integer,
	"created_at" bigint NOT NULL,
	"edited_at" bigint,
	"status" text collate "C" NOT NULL,
	"answered" boolean NOT NULL,
	"pinned" boolean NOT NULL,
	"reported_at" bigint
);
--> statement-breakpoint
ALTER TABLE "comment_members" ADD CONSTRAINT "comment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_user_idx" ON "comment_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_lesson_page_idx" ON "comments" USING btree ("lesson_id","pinned","created_at","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_held_idx" ON "comments" USING btree ("created_at","id") WHERE "comments"."status" = 'held';--> statement-breakpoint
CREATE INDEX "comments_reported_idx" ON "comments" USING btree ("created_at","id") WHERE "comments"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");