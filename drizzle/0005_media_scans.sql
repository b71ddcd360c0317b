CREATE TABLE `media_scans` (
	`base_path` text PRIMARY KEY NOT NULL,
	`scanned_at` integer NOT NULL,
	`images` integer NOT NULL,
	`videos` integer NOT NULL,
	`audio` integer NOT NULL
);
