CREATE TABLE `user_search_grams` (
	`gram` text PRIMARY KEY NOT NULL,
	`users` integer NOT NULL
);
