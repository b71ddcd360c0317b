-- Counts every user's one- and two-character fragments of lower(name) and lower(email) (each
-- field on its own), and the empty fragment every user has, as server/users/search-index.ts keeps
-- them from now on.
INSERT INTO `user_search_grams` (gram, users)
WITH RECURSIVE
  fields(uid, text) AS (
    SELECT rowid, lower(name) FROM users UNION ALL SELECT rowid, lower(email) FROM users
  ),
  positions(uid, text, i) AS (
    SELECT uid, text, 1 FROM fields WHERE length(text) > 0
    UNION ALL
    SELECT uid, text, i + 1 FROM positions WHERE i < length(text)
  ),
  grams(uid, gram) AS (
    SELECT rowid, '' FROM users
    UNION
    SELECT uid, substr(text, i, 1) FROM positions
    UNION
    SELECT uid, substr(text, i, 2) FROM positions WHERE i < length(text)
  )
SELECT gram, count(*) FROM grams GROUP BY gram;
