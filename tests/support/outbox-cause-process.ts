// A site process that writes one outbox mail in the transaction of its cause, says "committed",
// and then waits, sending nothing, until the test kills it (server/jobs/outbox.test.ts): the
// moment between a cause's commit and its mail's send. On PostgreSQL's database at DATABASE_URL
// when set, else the SQLite file named first; the member's id second, the mail's key third.
import { openSiteDatabase } from '../../server/db/client';
import { transaction } from '../../server/db/transaction';
import { enqueueMail } from '../../server/jobs/outbox-data';

const [file, userId, key] = process.argv.slice(2) as [string, string, string];
const url = process.env.DATABASE_URL;
const database = await openSiteDatabase(url ? { dialect: 'postgres', url } : { dialect: 'sqlite', file });
await transaction(database.db, (tx) =>
  enqueueMail(tx, { key, userId, kind: 'comment.reply', subject: 'A reply to your comment', paragraphs: ['Someone replied.'] }),
);
process.stdout.write('committed\n');
setInterval(() => {}, 60_000);
