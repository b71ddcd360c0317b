CREATE TABLE `course_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`completed_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_certificates_user_id_unique` ON `course_certificates` (`user_id`);--> statement-breakpoint
CREATE TABLE `course_lesson_texts` (
	`lesson_id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_progress` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`position_seconds` integer NOT NULL,
	`played_seconds` integer NOT NULL,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_progress_lesson_idx` ON `course_progress` (`lesson_id`,`completed_at`,`played_seconds`);--> statement-breakpoint
-- hand-written:
-- The course search's index on SQLite (server/course/search-sqlite.ts): trigram tokens make any
-- fragment of 3+ characters an index lookup. It holds lower(text), which folds ASCII letters as
-- the search folds its query, and matches case-sensitively; contentless, since the text lives in
-- course_lesson_texts. The triggers only keep this index in step with its table (index upkeep,
-- no rule of the product), whoever writes the table, the cascade of a lesson's deletion included.
CREATE VIRTUAL TABLE `course_lesson_search` USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `course_lesson_texts_ai` AFTER INSERT ON `course_lesson_texts` BEGIN
  INSERT INTO `course_lesson_search` (rowid, text) VALUES (new.rowid, lower(new.text));
END;
--> statement-breakpoint
CREATE TRIGGER `course_lesson_texts_ad` AFTER DELETE ON `course_lesson_texts` BEGIN
  DELETE FROM `course_lesson_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `course_lesson_texts_au` AFTER UPDATE ON `course_lesson_texts` BEGIN
  DELETE FROM `course_lesson_search` WHERE rowid = old.rowid;
  INSERT INTO `course_lesson_search` (rowid, text) VALUES (new.rowid, lower(new.text));
END;
--> statement-breakpoint
-- Lessons written before this version: their Markdown as it is, until their next edit writes the text.
INSERT INTO `course_lesson_texts` (`lesson_id`, `text`) SELECT `id`, `title` || char(10) || `summary` || char(10) || `body` FROM `course_lessons`;
--> statement-breakpoint
-- The caption cues' index (course_caption_cues, drizzle/0012): the same, keyed by the cue's rowid.
CREATE VIRTUAL TABLE `course_cue_search` USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `course_caption_cues_ai` AFTER INSERT ON `course_caption_cues` BEGIN
  INSERT INTO `course_cue_search` (rowid, text) VALUES (new.rowid, lower(new.text));
END;
--> statement-breakpoint
CREATE TRIGGER `course_caption_cues_ad` AFTER DELETE ON `course_caption_cues` BEGIN
  DELETE FROM `course_cue_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `course_caption_cues_au` AFTER UPDATE ON `course_caption_cues` BEGIN
  DELETE FROM `course_cue_search` WHERE rowid = old.rowid;
  INSERT INTO `course_cue_search` (rowid, text) VALUES (new.rowid, lower(new.text));
END;
--> statement-breakpoint
INSERT INTO `course_cue_search` (rowid, text) SELECT rowid, lower(text) FROM `course_caption_cues`;
