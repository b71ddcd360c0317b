-- Substring search over users' names and emails (server/users/search-index.ts keeps it in step).
-- Trigram tokens make any fragment of 3+ characters an index lookup. The index holds lower(name)
-- and lower(email) and matches case-sensitively, so that it folds case exactly as SQLite's LIKE
-- does (ASCII letters only) and the two can stand in for each other. Contentless with
-- contentless_delete, because the text already lives in users and rows must be removable.
CREATE VIRTUAL TABLE `users_search` USING fts5(name, email, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
--> statement-breakpoint
INSERT INTO `users_search` (rowid, name, email) SELECT rowid, lower(name), lower(email) FROM `users`;
