// A site process's start-up refresh of the lessons' search text, alone in a process of its own
// (run by tsx): the database is PostgreSQL's at DATABASE_URL when set, else the SQLite file named
// first. It opens the database, says "ready", waits for "go" on its input so that two of them run
// at once, and prints how many texts it rewrote.
import { once } from 'node:events';
import { openSiteDatabase } from '../../server/db/client';
import { refreshLessonTexts } from '../../server/course/search/lesson-text-refresh';

const url = process.env.DATABASE_URL;
const database = await openSiteDatabase(url ? { dialect: 'postgres', url } : { dialect: 'sqlite', file: process.argv[2]! });
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const rewritten = await refreshLessonTexts(database.db);
await database.close();
process.stdout.write(`${rewritten}\n`);
