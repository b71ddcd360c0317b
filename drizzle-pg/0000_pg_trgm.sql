-- The trigram operators of the users' search indexes (0001). pg_trgm is a trusted extension: the
-- database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
