CREATE TABLE "course_lesson_totals" (
	"lesson_id" text collate "C" PRIMARY KEY NOT NULL,
	"started" integer NOT NULL,
	"completed" integer NOT NULL,
	"played_sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_member_modules" (
	"module_id" text collate "C" NOT NULL,
	"user_id" text collate "C" NOT NULL,
	"started" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "course_member_modules_module_id_user_id_pk" PRIMARY KEY("module_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_member_totals" (
	"user_id" text collate "C" PRIMARY KEY NOT NULL,
	"lessons" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_module_totals" (
	"module_id" text collate "C" PRIMARY KEY NOT NULL,
	"lessons" integer NOT NULL,
	"started" integer NOT NULL,
	"completed" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_lesson_totals" ADD CONSTRAINT "course_lesson_totals_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_module_totals" ADD CONSTRAINT "course_module_totals_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_member_modules_completed_idx" ON "course_member_modules" USING btree ("module_id","completed");--> statement-breakpoint
-- hand-written:
-- The course insights' running totals (decision 032): the twin of drizzle/0017's triggers, in
-- PL/pgSQL. First the totals of the rows already there (course_insights_rebuild), then the triggers. One difference: the
-- module's counts move in the progress trigger itself, from the member's row as RETURNING gives it,
-- not in a trigger on course_member_modules, so that a lesson's change, which moves thousands of
-- members' rows and then counts its module anew, does not also update the module's one row once
-- per member (in one transaction PostgreSQL slows down with every version of a row it adds).
-- The recount of a module, and the whole rebuild: the back-fill below, and db:copy's, which copies
-- course_progress with its triggers off (in one transaction, a trigger per row would update each
-- lesson's totals row once per member, and PostgreSQL slows down with every version of a row one
-- transaction adds), then calls this.
CREATE FUNCTION "course_module_recount"(module text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_module_totals" t SET
    "started" = (SELECT count(*) FROM "course_member_modules" mm WHERE mm."module_id" = t."module_id"),
    "completed" = CASE WHEN t."lessons" > 0 THEN (SELECT count(*) FROM "course_member_modules" mm WHERE mm."module_id" = t."module_id" AND mm."completed" = t."lessons") ELSE 0 END
  WHERE t."module_id" = module;
END $$;
--> statement-breakpoint
CREATE FUNCTION "course_insights_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "course_lesson_totals";
  DELETE FROM "course_member_modules";
  DELETE FROM "course_member_totals";
  DELETE FROM "course_module_totals";
  INSERT INTO "course_lesson_totals" ("lesson_id", "started", "completed", "played_sum")
    SELECT l."id", count(p."user_id"), count(p."completed_at"), coalesce(sum(least(p."played_seconds", coalesce(l."duration_seconds", 0))), 0)
    FROM "course_lessons" l LEFT JOIN "course_progress" p ON p."lesson_id" = l."id" GROUP BY l."id";
  INSERT INTO "course_member_modules" ("module_id", "user_id", "started", "completed")
    SELECT l."module_id", p."user_id", count(*), count(p."completed_at")
    FROM "course_progress" p JOIN "course_lessons" l ON l."id" = p."lesson_id" WHERE l."published" GROUP BY l."module_id", p."user_id";
  INSERT INTO "course_member_totals" ("user_id", "lessons") SELECT "user_id", count(*) FROM "course_progress" GROUP BY "user_id";
  INSERT INTO "course_module_totals" ("module_id", "lessons", "started", "completed")
    SELECT m."id", (SELECT count(*) FROM "course_lessons" l WHERE l."module_id" = m."id" AND l."published"), 0, 0 FROM "course_modules" m;
  PERFORM "course_module_recount"("module_id") FROM "course_module_totals";
END $$;
--> statement-breakpoint
SELECT "course_insights_rebuild"();
--> statement-breakpoint
CREATE FUNCTION "course_modules_totals_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_module_totals" ("module_id", "lessons", "started", "completed") VALUES (NEW."id", 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_module_totals_ai" AFTER INSERT ON "course_modules" FOR EACH ROW EXECUTE FUNCTION "course_modules_totals_row"();
--> statement-breakpoint
-- Rows never change member or lesson (the save's upsert keeps both). A row whose lesson is gone is
-- part of the lesson's deletion, which counted its rows out of every total first, in bulk.
-- Lock order, against deadlocks with a member's deletion (many rows at once): the module's totals
-- before the lesson's.
CREATE FUNCTION "course_progress_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_user text := coalesce(NEW."user_id", OLD."user_id");
  row_lesson text := coalesce(NEW."lesson_id", OLD."lesson_id");
  was_done int := CASE WHEN TG_OP <> 'INSERT' AND OLD."completed_at" IS NOT NULL THEN 1 ELSE 0 END;
  is_done int := CASE WHEN TG_OP <> 'DELETE' AND NEW."completed_at" IS NOT NULL THEN 1 ELSE 0 END;
  was_played bigint := CASE WHEN TG_OP <> 'INSERT' THEN OLD."played_seconds" ELSE 0 END;
  is_played bigint := CASE WHEN TG_OP <> 'DELETE' THEN NEW."played_seconds" ELSE 0 END;
  lesson_module text;
  duration bigint;
  -- The member's row in the module after the change: its counts then, and so before.
  mm_started int;
  mm_completed int;
BEGIN
  SELECT CASE WHEN "published" THEN "module_id" END, coalesce("duration_seconds", 0) INTO lesson_module, duration
  FROM "course_lessons" WHERE "id" = row_lesson;
  -- The cascade of the lesson's deletion, which counted its rows out already (course_lessons_count).
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF lesson_module IS NOT NULL AND (TG_OP <> 'UPDATE' OR was_done <> is_done) THEN
    PERFORM 1 FROM "course_module_totals" WHERE "module_id" = lesson_module FOR UPDATE;
  END IF;
  UPDATE "course_lesson_totals" SET
    "started" = "started" + CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END,
    "completed" = "completed" + is_done - was_done,
    "played_sum" = "played_sum" + least(is_played, coalesce(duration, 0)) - least(was_played, coalesce(duration, 0))
  WHERE "lesson_id" = row_lesson;
  -- The module's counts move when the member's row in it crosses a line: started, a row there at
  -- all; completed, its completed count equal to the module's count of published lessons.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "course_member_totals" ("user_id", "lessons") VALUES (row_user, 1)
    ON CONFLICT ("user_id") DO UPDATE SET "lessons" = "course_member_totals"."lessons" + 1;
    IF lesson_module IS NOT NULL THEN
      INSERT INTO "course_member_modules" AS mm ("module_id", "user_id", "started", "completed") VALUES (lesson_module, row_user, 1, is_done)
      ON CONFLICT ("module_id", "user_id") DO UPDATE SET "started" = mm."started" + 1, "completed" = mm."completed" + is_done
      RETURNING mm."started", mm."completed" INTO mm_started, mm_completed;
      UPDATE "course_module_totals" SET "started" = "started" + (mm_started = 1)::int,
        "completed" = "completed" + ("lessons" > 0 AND mm_completed = "lessons")::int - ("lessons" > 0 AND mm_started > 1 AND mm_completed - is_done = "lessons")::int
      WHERE "module_id" = lesson_module;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "course_member_totals" SET "lessons" = "lessons" - 1 WHERE "user_id" = row_user;
    DELETE FROM "course_member_totals" WHERE "user_id" = row_user AND "lessons" = 0;
    IF lesson_module IS NOT NULL THEN
      UPDATE "course_member_modules" SET "started" = "started" - 1, "completed" = "completed" - was_done WHERE "module_id" = lesson_module AND "user_id" = row_user
      RETURNING "started", "completed" INTO mm_started, mm_completed;
      IF FOUND THEN
        UPDATE "course_module_totals" SET "started" = "started" - (mm_started = 0)::int,
          "completed" = "completed" - ("lessons" > 0 AND mm_completed + was_done = "lessons")::int + ("lessons" > 0 AND mm_started > 0 AND mm_completed = "lessons")::int
        WHERE "module_id" = lesson_module;
        DELETE FROM "course_member_modules" WHERE "module_id" = lesson_module AND "user_id" = row_user AND "started" = 0;
      END IF;
    END IF;
  ELSIF lesson_module IS NOT NULL AND was_done <> is_done THEN
    UPDATE "course_member_modules" SET "completed" = "completed" + is_done - was_done WHERE "module_id" = lesson_module AND "user_id" = row_user
    RETURNING "completed" INTO mm_completed;
    IF FOUND THEN
      UPDATE "course_module_totals" SET
        "completed" = "completed" + ("lessons" > 0 AND mm_completed = "lessons")::int - ("lessons" > 0 AND mm_completed - is_done + was_done = "lessons")::int
      WHERE "module_id" = lesson_module;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_progress_ai" AFTER INSERT OR DELETE ON "course_progress" FOR EACH ROW EXECUTE FUNCTION "course_progress_count"();
--> statement-breakpoint
CREATE TRIGGER "course_progress_au" AFTER UPDATE ON "course_progress" FOR EACH ROW
WHEN (OLD."played_seconds" <> NEW."played_seconds" OR (OLD."completed_at" IS NULL) <> (NEW."completed_at" IS NULL))
EXECUTE FUNCTION "course_progress_count"();
--> statement-breakpoint
-- A change of a lesson's publication, module or duration, and a lesson's deletion, first wait for
-- the progress writes in flight and hold new ones until they commit: the recount below then reads
-- every row, and a save after it reads the lesson as changed. Taken before any lesson row is
-- locked, so that a save's foreign-key check on the lesson never waits behind it (a deadlock).
-- In a serializable or repeatable-read transaction (the site's writes, server/db/transaction.ts),
-- the snapshot was taken at its first statement: a lock taken here would come too late, and the
-- recount would miss the rows saved meanwhile. Those must take it first (holdWrites); one that
-- does not is refused here, so that no code path can forget it.
CREATE FUNCTION "course_progress_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' AND NOT EXISTS (
    SELECT 1 FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'relation' AND relation = 'course_progress'::regclass
      AND mode = 'ShareRowExclusiveLock' AND granted
  ) THEN
    RAISE EXCEPTION 'course_lessons: a % in a % transaction must hold course_progress first (holdWrites, decision 032)', TG_OP, current_setting('transaction_isolation');
  END IF;
  LOCK TABLE "course_progress" IN SHARE ROW EXCLUSIVE MODE;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_lessons_hold_update" BEFORE UPDATE OF "published", "module_id", "duration_seconds" ON "course_lessons" FOR EACH STATEMENT EXECUTE FUNCTION "course_progress_hold"();
--> statement-breakpoint
CREATE TRIGGER "course_lessons_hold_delete" BEFORE DELETE ON "course_lessons" FOR EACH STATEMENT EXECUTE FUNCTION "course_progress_hold"();
--> statement-breakpoint
-- A lesson that leaves its module's published lessons (unpublished, moved away, deleted) takes its
-- members' rows out of that module; one that joins them (published, moved in) adds them; then the
-- module counts its members anew against its new count of lessons. A new lesson has no rows:
-- published, it makes its module's count of lessons one more, which no member has completed yet.
CREATE FUNCTION "course_lessons_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  leaves boolean := TG_OP <> 'INSERT' AND OLD."published" AND (TG_OP = 'DELETE' OR NOT NEW."published" OR OLD."module_id" <> NEW."module_id");
  joins boolean := TG_OP = 'UPDATE' AND NEW."published" AND (NOT OLD."published" OR OLD."module_id" <> NEW."module_id");
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "course_lesson_totals" ("lesson_id", "started", "completed", "played_sum") VALUES (NEW."id", 0, 0, 0);
    UPDATE "course_module_totals" SET "lessons" = "lessons" + 1, "completed" = 0 WHERE NEW."published" AND "module_id" = NEW."module_id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE "course_member_totals" SET "lessons" = "lessons" - 1 WHERE "user_id" IN (SELECT "user_id" FROM "course_progress" WHERE "lesson_id" = OLD."id");
    DELETE FROM "course_member_totals" WHERE "lessons" = 0 AND "user_id" IN (SELECT "user_id" FROM "course_progress" WHERE "lesson_id" = OLD."id");
  END IF;
  IF leaves THEN
    UPDATE "course_member_modules" mm SET "started" = mm."started" - 1, "completed" = mm."completed" - (p."completed_at" IS NOT NULL)::int
    FROM "course_progress" p WHERE p."lesson_id" = OLD."id" AND mm."module_id" = OLD."module_id" AND mm."user_id" = p."user_id";
    DELETE FROM "course_member_modules" WHERE "module_id" = OLD."module_id" AND "started" = 0;
    UPDATE "course_module_totals" SET "lessons" = "lessons" - 1 WHERE "module_id" = OLD."module_id";
    PERFORM "course_module_recount"(OLD."module_id");
  END IF;
  IF joins THEN
    INSERT INTO "course_member_modules" ("module_id", "user_id", "started", "completed")
      SELECT NEW."module_id", "user_id", 1, ("completed_at" IS NOT NULL)::int FROM "course_progress" WHERE "lesson_id" = NEW."id"
    ON CONFLICT ("module_id", "user_id") DO UPDATE SET "started" = "course_member_modules"."started" + 1, "completed" = "course_member_modules"."completed" + excluded."completed";
    UPDATE "course_module_totals" SET "lessons" = "lessons" + 1 WHERE "module_id" = NEW."module_id";
    PERFORM "course_module_recount"(NEW."module_id");
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."duration_seconds" IS DISTINCT FROM NEW."duration_seconds" THEN
    UPDATE "course_lesson_totals" SET
      "played_sum" = (SELECT coalesce(sum(least("played_seconds", coalesce(NEW."duration_seconds", 0))), 0) FROM "course_progress" WHERE "lesson_id" = NEW."id")
    WHERE "lesson_id" = NEW."id";
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "course_lessons_ai" AFTER INSERT ON "course_lessons" FOR EACH ROW EXECUTE FUNCTION "course_lessons_count"();
--> statement-breakpoint
CREATE TRIGGER "course_lessons_au" AFTER UPDATE ON "course_lessons" FOR EACH ROW
WHEN (OLD."published" <> NEW."published" OR OLD."module_id" <> NEW."module_id" OR OLD."duration_seconds" IS DISTINCT FROM NEW."duration_seconds")
EXECUTE FUNCTION "course_lessons_count"();
--> statement-breakpoint
CREATE TRIGGER "course_lessons_bd" BEFORE DELETE ON "course_lessons" FOR EACH ROW EXECUTE FUNCTION "course_lessons_count"();
