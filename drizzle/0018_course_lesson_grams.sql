CREATE TABLE `course_lesson_grams` (
	`lesson_id` text NOT NULL,
	`gram` text NOT NULL,
	`cues` integer NOT NULL,
	`in_text` integer NOT NULL,
	PRIMARY KEY(`lesson_id`, `gram`),
	FOREIGN KEY (`lesson_id`) REFERENCES `course_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_lesson_grams_gram_idx` ON `course_lesson_grams` (`gram`,`lesson_id`,`cues`,`in_text`);