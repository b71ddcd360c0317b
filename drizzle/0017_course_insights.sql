CREATE TABLE `course_lesson_totals` (
	`lesson_id` text PRIMARY KEY NOT NULL,
	`started` integer NOT NULL,
	`completed` integer NOT NULL,
	`played_sum` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_member_modules` (
	`module_id` text NOT NULL,
	`user_id` text NOT NULL,
	`started` integer NOT NULL,
	`completed` integer NOT NULL,
	PRIMARY KEY(`module_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `course_member_modules_completed_idx` ON `course_member_modules` (`module_id`,`completed`);--> statement-breakpoint
CREATE TABLE `course_member_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`lessons` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `course_module_totals` (
	`module_id` text PRIMARY KEY NOT NULL,
	`lessons` integer NOT NULL,
	`started` integer NOT NULL,
	`completed` integer NOT NULL,
	FOREIGN KEY (`module_id`) REFERENCES `course_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- hand-written:
-- The course insights' running totals (decision 032), kept by triggers so that they move in the
-- statement that writes a progress row, whoever writes it (the save, a member's or a lesson's
-- deletion and their cascades), and a save that changes only position_seconds writes none (the
-- WHEN of course_progress_au). Derived data, like an index: no rule of the product lives here.
-- First the totals of the rows already there, then the triggers.
INSERT INTO `course_lesson_totals` (`lesson_id`, `started`, `completed`, `played_sum`)
  SELECT l.`id`, count(p.`user_id`), count(p.`completed_at`), coalesce(sum(min(p.`played_seconds`, coalesce(l.`duration_seconds`, 0))), 0)
  FROM `course_lessons` l LEFT JOIN `course_progress` p ON p.`lesson_id` = l.`id` GROUP BY l.`id`;
--> statement-breakpoint
INSERT INTO `course_member_modules` (`module_id`, `user_id`, `started`, `completed`)
  SELECT l.`module_id`, p.`user_id`, count(*), count(p.`completed_at`)
  FROM `course_progress` p JOIN `course_lessons` l ON l.`id` = p.`lesson_id` WHERE l.`published` GROUP BY l.`module_id`, p.`user_id`;
--> statement-breakpoint
INSERT INTO `course_member_totals` (`user_id`, `lessons`) SELECT `user_id`, count(*) FROM `course_progress` GROUP BY `user_id`;
--> statement-breakpoint
INSERT INTO `course_module_totals` (`module_id`, `lessons`, `started`, `completed`)
  SELECT m.`id`, (SELECT count(*) FROM `course_lessons` l WHERE l.`module_id` = m.`id` AND l.`published`), 0, 0 FROM `course_modules` m;
--> statement-breakpoint
-- A module's members who started it, and those who completed every one of its published lessons
-- (none while it has none): counted anew when its lessons change, kept by the triggers between.
CREATE VIEW `course_module_counts` AS
  SELECT t.`module_id`,
    (SELECT count(*) FROM `course_member_modules` mm WHERE mm.`module_id` = t.`module_id`) AS `started`,
    CASE WHEN t.`lessons` > 0 THEN (SELECT count(*) FROM `course_member_modules` mm WHERE mm.`module_id` = t.`module_id` AND mm.`completed` = t.`lessons`) ELSE 0 END AS `completed`
  FROM `course_module_totals` t;
--> statement-breakpoint
UPDATE `course_module_totals` SET
  `started` = (SELECT c.`started` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`),
  `completed` = (SELECT c.`completed` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`);
--> statement-breakpoint
CREATE TRIGGER `course_module_totals_ai` AFTER INSERT ON `course_modules` BEGIN
  INSERT INTO `course_module_totals` (`module_id`, `lessons`, `started`, `completed`) VALUES (new.`id`, 0, 0, 0);
END;
--> statement-breakpoint
-- A member's row in a module moves the module's counts: started is its rows' count, completed
-- those whose count of completed lessons is the module's count of published lessons.
CREATE TRIGGER `course_member_modules_ai` AFTER INSERT ON `course_member_modules` BEGIN
  UPDATE `course_module_totals` SET `started` = `started` + 1, `completed` = `completed` + (`lessons` > 0 AND new.`completed` = `lessons`)
  WHERE `module_id` = new.`module_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `course_member_modules_au` AFTER UPDATE ON `course_member_modules` WHEN old.`completed` <> new.`completed` BEGIN
  UPDATE `course_module_totals` SET `completed` = `completed` + (`lessons` > 0 AND new.`completed` = `lessons`) - (`lessons` > 0 AND old.`completed` = `lessons`)
  WHERE `module_id` = new.`module_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `course_member_modules_ad` AFTER DELETE ON `course_member_modules` BEGIN
  UPDATE `course_module_totals` SET `started` = `started` - 1, `completed` = `completed` - (`lessons` > 0 AND old.`completed` = `lessons`)
  WHERE `module_id` = old.`module_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `course_progress_ai` AFTER INSERT ON `course_progress` BEGIN
  UPDATE `course_lesson_totals` SET `started` = `started` + 1, `completed` = `completed` + (new.`completed_at` IS NOT NULL),
    `played_sum` = `played_sum` + min(new.`played_seconds`, coalesce((SELECT `duration_seconds` FROM `course_lessons` WHERE `id` = new.`lesson_id`), 0))
  WHERE `lesson_id` = new.`lesson_id`;
  INSERT INTO `course_member_totals` (`user_id`, `lessons`) VALUES (new.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `lessons` = `lessons` + 1;
  INSERT INTO `course_member_modules` (`module_id`, `user_id`, `started`, `completed`)
    SELECT `module_id`, new.`user_id`, 1, new.`completed_at` IS NOT NULL FROM `course_lessons` WHERE `id` = new.`lesson_id` AND `published`
    ON CONFLICT (`module_id`, `user_id`) DO UPDATE SET `started` = `started` + 1, `completed` = `completed` + excluded.`completed`;
END;
--> statement-breakpoint
-- Rows never change member or lesson (the save's upsert keeps both).
CREATE TRIGGER `course_progress_au` AFTER UPDATE ON `course_progress`
WHEN old.`played_seconds` <> new.`played_seconds` OR (old.`completed_at` IS NULL) <> (new.`completed_at` IS NULL) BEGIN
  UPDATE `course_lesson_totals` SET `completed` = `completed` + (new.`completed_at` IS NOT NULL) - (old.`completed_at` IS NOT NULL),
    `played_sum` = `played_sum` + coalesce((SELECT min(new.`played_seconds`, coalesce(`duration_seconds`, 0)) - min(old.`played_seconds`, coalesce(`duration_seconds`, 0)) FROM `course_lessons` WHERE `id` = new.`lesson_id`), 0)
  WHERE `lesson_id` = new.`lesson_id`;
  UPDATE `course_member_modules` SET `completed` = `completed` + (new.`completed_at` IS NOT NULL) - (old.`completed_at` IS NOT NULL)
  WHERE (old.`completed_at` IS NULL) <> (new.`completed_at` IS NULL) AND `user_id` = new.`user_id`
    AND `module_id` = (SELECT `module_id` FROM `course_lessons` WHERE `id` = new.`lesson_id` AND `published`);
END;
--> statement-breakpoint
-- A lesson's deletion counts its rows out of every total before its cascade, in bulk
-- (course_lessons_bd): the cascade's deletes no longer find the lesson, and write nothing.
CREATE TRIGGER `course_progress_ad` AFTER DELETE ON `course_progress`
WHEN EXISTS (SELECT 1 FROM `course_lessons` WHERE `id` = old.`lesson_id`) BEGIN
  UPDATE `course_lesson_totals` SET `started` = `started` - 1, `completed` = `completed` - (old.`completed_at` IS NOT NULL),
    `played_sum` = `played_sum` - min(old.`played_seconds`, coalesce((SELECT `duration_seconds` FROM `course_lessons` WHERE `id` = old.`lesson_id`), 0))
  WHERE `lesson_id` = old.`lesson_id`;
  UPDATE `course_member_totals` SET `lessons` = `lessons` - 1 WHERE `user_id` = old.`user_id`;
  DELETE FROM `course_member_totals` WHERE `user_id` = old.`user_id` AND `lessons` = 0;
  UPDATE `course_member_modules` SET `started` = `started` - 1, `completed` = `completed` - (old.`completed_at` IS NOT NULL)
  WHERE `user_id` = old.`user_id` AND `module_id` = (SELECT `module_id` FROM `course_lessons` WHERE `id` = old.`lesson_id` AND `published`);
  DELETE FROM `course_member_modules` WHERE `user_id` = old.`user_id` AND `started` = 0
    AND `module_id` = (SELECT `module_id` FROM `course_lessons` WHERE `id` = old.`lesson_id`);
END;
--> statement-breakpoint
-- A new lesson has no rows: published, it makes its module's count of lessons one more, which no
-- member has completed yet.
CREATE TRIGGER `course_lessons_ai` AFTER INSERT ON `course_lessons` BEGIN
  INSERT INTO `course_lesson_totals` (`lesson_id`, `started`, `completed`, `played_sum`) VALUES (new.`id`, 0, 0, 0);
  UPDATE `course_module_totals` SET `lessons` = `lessons` + 1, `completed` = 0 WHERE new.`published` AND `module_id` = new.`module_id`;
END;
--> statement-breakpoint
-- A lesson that leaves its module's published lessons (unpublished, moved away, deleted) takes its
-- members' rows out of that module; one that joins them (published, moved in) adds them; then the
-- module counts its members anew against its new count of lessons. Admin changes, rare: each reads
-- the lesson's rows (by course_progress_lesson_idx) and its module's members.
CREATE TRIGGER `course_lessons_au` AFTER UPDATE ON `course_lessons`
WHEN old.`published` <> new.`published` OR old.`module_id` <> new.`module_id` OR old.`duration_seconds` IS NOT new.`duration_seconds` BEGIN
  UPDATE `course_member_modules` SET `started` = `started` - 1,
    `completed` = `completed` - (SELECT p.`completed_at` IS NOT NULL FROM `course_progress` p WHERE p.`lesson_id` = old.`id` AND p.`user_id` = `course_member_modules`.`user_id`)
  WHERE old.`published` AND (NOT new.`published` OR old.`module_id` <> new.`module_id`)
    AND `module_id` = old.`module_id` AND `user_id` IN (SELECT `user_id` FROM `course_progress` WHERE `lesson_id` = old.`id`);
  DELETE FROM `course_member_modules` WHERE `module_id` = old.`module_id` AND `started` = 0;
  INSERT INTO `course_member_modules` (`module_id`, `user_id`, `started`, `completed`)
    SELECT new.`module_id`, `user_id`, 1, `completed_at` IS NOT NULL FROM `course_progress`
    WHERE new.`published` AND (NOT old.`published` OR old.`module_id` <> new.`module_id`) AND `lesson_id` = new.`id`
    ON CONFLICT (`module_id`, `user_id`) DO UPDATE SET `started` = `started` + 1, `completed` = `completed` + excluded.`completed`;
  UPDATE `course_module_totals` SET `lessons` = `lessons` - 1 WHERE old.`published` AND `module_id` = old.`module_id`;
  UPDATE `course_module_totals` SET `lessons` = `lessons` + 1 WHERE new.`published` AND `module_id` = new.`module_id`;
  UPDATE `course_module_totals` SET
    `started` = (SELECT c.`started` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`),
    `completed` = (SELECT c.`completed` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`)
  WHERE `module_id` IN (old.`module_id`, new.`module_id`);
  UPDATE `course_lesson_totals` SET
    `played_sum` = (SELECT coalesce(sum(min(`played_seconds`, coalesce(new.`duration_seconds`, 0))), 0) FROM `course_progress` WHERE `lesson_id` = new.`id`)
  WHERE old.`duration_seconds` IS NOT new.`duration_seconds` AND `lesson_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `course_lessons_bd` BEFORE DELETE ON `course_lessons` BEGIN
  UPDATE `course_member_totals` SET `lessons` = `lessons` - 1 WHERE `user_id` IN (SELECT `user_id` FROM `course_progress` WHERE `lesson_id` = old.`id`);
  DELETE FROM `course_member_totals` WHERE `lessons` = 0 AND `user_id` IN (SELECT `user_id` FROM `course_progress` WHERE `lesson_id` = old.`id`);
  UPDATE `course_member_modules` SET `started` = `started` - 1,
    `completed` = `completed` - (SELECT p.`completed_at` IS NOT NULL FROM `course_progress` p WHERE p.`lesson_id` = old.`id` AND p.`user_id` = `course_member_modules`.`user_id`)
  WHERE old.`published` AND `module_id` = old.`module_id` AND `user_id` IN (SELECT `user_id` FROM `course_progress` WHERE `lesson_id` = old.`id`);
  DELETE FROM `course_member_modules` WHERE `module_id` = old.`module_id` AND `started` = 0;
  UPDATE `course_module_totals` SET `lessons` = `lessons` - 1 WHERE old.`published` AND `module_id` = old.`module_id`;
  UPDATE `course_module_totals` SET
    `started` = (SELECT c.`started` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`),
    `completed` = (SELECT c.`completed` FROM `course_module_counts` c WHERE c.`module_id` = `course_module_totals`.`module_id`)
  WHERE `module_id` = old.`module_id`;
END;
