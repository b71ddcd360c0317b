ALTER TABLE `two_factor` ADD `enabled_on_verified_email` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written:
-- Second factors turned on before the column existed: whether the address is verified now is the
-- best evidence of whether it was then (decision 043). A pending setup gets its value when enabled.
UPDATE `two_factor` SET `enabled_on_verified_email` = (SELECT `email_verified` FROM `users` WHERE `users`.`id` = `two_factor`.`user_id`) WHERE `secret` IS NOT NULL;
