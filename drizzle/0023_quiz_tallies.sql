CREATE TABLE `course_attempt_marks` (
	`attempt_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`question_id` text NOT NULL,
	`full` integer NOT NULL,
	PRIMARY KEY(`attempt_id`, `question_id`),
	FOREIGN KEY (`attempt_id`) REFERENCES `course_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_attempt_wrong_picks` (
	`attempt_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`question_id` text NOT NULL,
	`option_id` text NOT NULL,
	PRIMARY KEY(`attempt_id`, `question_id`, `option_id`),
	FOREIGN KEY (`attempt_id`) REFERENCES `course_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_question_tallies` (
	`lesson_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answered` integer NOT NULL,
	`full` integer NOT NULL,
	PRIMARY KEY(`lesson_id`, `question_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_quiz_members` (
	`lesson_id` text NOT NULL,
	`user_id` text NOT NULL,
	`attempts` integer NOT NULL,
	`passed` integer NOT NULL,
	PRIMARY KEY(`lesson_id`, `user_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `course_wrong_pick_tallies` (
	`lesson_id` text NOT NULL,
	`question_id` text NOT NULL,
	`option_id` text NOT NULL,
	`picks` integer NOT NULL,
	PRIMARY KEY(`lesson_id`, `question_id`, `option_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- hand-written:
-- The quiz insights' running totals (decision 054). A submit writes its marks and adds them to the
-- totals in its own transaction (server/course/quiz/quiz-tallies.ts); an attempt's deletion, which
-- only comes by cascade (its member's or its quiz's), takes its marks back by the triggers below,
-- whichever statement deleted it. First the marks and totals of the attempts already submitted.
INSERT INTO `course_attempt_marks` (`attempt_id`, `lesson_id`, `question_id`, `full`)
  SELECT a.`id`, a.`lesson_id`, json_extract(r.`value`, '$.questionId'), json_extract(r.`value`, '$.correct')
  FROM `course_attempts` a, json_each(a.`results`) r WHERE a.`submitted_at` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `course_attempt_wrong_picks` (`attempt_id`, `lesson_id`, `question_id`, `option_id`)
  SELECT DISTINCT a.`id`, a.`lesson_id`, ans.`question_id`, p.`value`
  FROM `course_attempts` a
  JOIN `course_attempt_answers` ans ON ans.`attempt_id` = a.`id`
  JOIN json_each(a.`results`) r ON json_extract(r.`value`, '$.questionId') = ans.`question_id`
  JOIN json_each(ans.`answer`, '$.optionIds') p
  WHERE a.`submitted_at` IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM json_each(r.`value`, '$.correctOptionIds') c WHERE c.`value` = p.`value`);
--> statement-breakpoint
INSERT INTO `course_question_tallies` (`lesson_id`, `question_id`, `answered`, `full`)
  SELECT `lesson_id`, `question_id`, count(*), sum(`full`) FROM `course_attempt_marks` GROUP BY `lesson_id`, `question_id`;
--> statement-breakpoint
INSERT INTO `course_wrong_pick_tallies` (`lesson_id`, `question_id`, `option_id`, `picks`)
  SELECT `lesson_id`, `question_id`, `option_id`, count(*) FROM `course_attempt_wrong_picks` GROUP BY `lesson_id`, `question_id`, `option_id`;
--> statement-breakpoint
INSERT INTO `course_quiz_members` (`lesson_id`, `user_id`, `attempts`, `passed`)
  SELECT `lesson_id`, `user_id`, count(*), max(coalesce(`passed`, 0)) FROM `course_attempts` WHERE `submitted_at` IS NOT NULL GROUP BY `lesson_id`, `user_id`;
--> statement-breakpoint
CREATE TRIGGER `course_attempt_marks_ad` AFTER DELETE ON `course_attempt_marks` BEGIN
  UPDATE `course_question_tallies` SET `answered` = `answered` - 1, `full` = `full` - old.`full`
  WHERE `lesson_id` = old.`lesson_id` AND `question_id` = old.`question_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `course_attempt_wrong_picks_ad` AFTER DELETE ON `course_attempt_wrong_picks` BEGIN
  UPDATE `course_wrong_pick_tallies` SET `picks` = `picks` - 1
  WHERE `lesson_id` = old.`lesson_id` AND `question_id` = old.`question_id` AND `option_id` = old.`option_id`;
END;
