CREATE TABLE "course_lessons" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"module_id" text collate "C" NOT NULL,
	"title" text collate "C" NOT NULL,
	"summary" text collate "C" DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"published" boolean NOT NULL,
	"free_preview" boolean NOT NULL,
	"kind" text collate "C" NOT NULL,
	"duration_seconds" integer,
	"body" text collate "C" DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" text collate "C" PRIMARY KEY NOT NULL,
	"title" text collate "C" NOT NULL,
	"summary" text collate "C" DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"published" boolean NOT NULL,
	"opens_after_days" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_since" bigint;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lessons_module_position_idx" ON "course_lessons" USING btree ("module_id","position","id");--> statement-breakpoint
CREATE INDEX "course_modules_position_idx" ON "course_modules" USING btree ("position","id");--> statement-breakpoint
-- Members already paid before paid_since existed count from when they joined (CONTRACT §4).
UPDATE "users" SET "paid_since" = "created_at" WHERE "membership_tier" = 'paid';--> statement-breakpoint
-- The ten modules of spec §2, published and empty, described as the courses page described them, with the fixed ids of server/db/course-seed.ts.
INSERT INTO "course_modules" ("id", "title", "summary", "position", "published", "opens_after_days", "created_at", "updated_at") VALUES
  ('3c0f5e1a-0001-4000-8000-00000000c001', 'Beyond Newton', 'Leave the clockwork universe behind and meet a reality made of possibility rather than parts.', 0, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0002-4000-8000-00000000c002', 'The Observer Is The Operator', 'Discover how the quality of your attention shapes what you are able to experience.', 1, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0003-4000-8000-00000000c003', 'The Science of Resonance & Frequency', 'Learn how emotion and intention set the tone you broadcast, and what answers back.', 2, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0004-4000-8000-00000000c004', 'Superposition: The Power of ''And''', 'Hold more than one truth at once and let go of the either-or thinking that keeps you small.', 3, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0005-4000-8000-00000000c005', 'Collapsing the Wave', 'Turn open potential into lived reality through clear choice and committed action.', 4, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0006-4000-8000-00000000c006', 'Entanglement, Synchronicity, and the Relational Field', 'Explore the threads that connect you to others, and read the meaning in meaningful coincidence.', 5, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0007-4000-8000-00000000c007', 'Individuation & The Integration of Shadow', 'Welcome home the disowned parts of yourself and become whole rather than merely good.', 6, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0008-4000-8000-00000000c008', 'Crafting Timelines', 'Imagine your future self in detail and practise walking toward them, one decision at a time.', 7, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0009-4000-8000-00000000c009', 'The Quantum Body', 'Bring breath, nervous system and sensation into the work, so that change is felt and not only thought.', 8, true, 0, 1735689600000, 1735689600000),
  ('3c0f5e1a-0010-4000-8000-00000000c010', 'Living in Sovereignty: Embodiment and Service', 'Carry what you have learned into everyday life, and offer it outward in service to others.', 9, true, 0, 1735689600000, 1735689600000);
