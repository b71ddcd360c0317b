-- Substring search over users' names and emails (server/users/search-index.ts keeps it in step).
-- Trigram tokens make any fragment of 3+ characters an index lookup; contentless with
-- contentless_delete, because the text already lives in users and rows must be removable.
CREATE VIRTUAL TABLE `users_search` USING fts5(name, email, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `users_search` (rowid, name, email) SELECT rowid, name, email FROM `users`;
