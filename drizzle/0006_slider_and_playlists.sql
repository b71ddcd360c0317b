CREATE TABLE `playlists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`items` text NOT NULL,
	`images` text NOT NULL,
	`videos` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `slider_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`backgrounds_base_path` text NOT NULL,
	`active_playlist` text NOT NULL,
	`cycle_time` integer NOT NULL,
	`transition_duration` integer NOT NULL,
	`overlay_opacity` real NOT NULL,
	`overlay_color` text NOT NULL,
	`random_order` integer NOT NULL,
	`updated_at` integer NOT NULL
);
