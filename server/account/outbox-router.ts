// The admin's view of the mail outbox (CONTRACT §9): what waits, what was sent, what failed and why.
// The outbox itself is the base's (jobs/); this names each mail's member for the list.
import { outboxListInput } from '../../shared/mail-schemas';
import { listOutbox } from '../jobs/outbox-list';
import { isoTime, isoTimeOrNull } from '../lib/iso-time';
import { adminProcedure, router } from '../trpc/init';
import { findUserEmails } from '../users/data';

export const outboxRouter = router({
  list: adminProcedure.input(outboxListInput).query(async ({ ctx, input }) => {
    const { db } = ctx.deps;
    const page = await listOutbox(db, input);
    const emails = await findUserEmails(
      db,
      page.entries.map((entry) => entry.userId),
    );
    return {
      mails: page.entries.map(({ userId, createdAt, updatedAt, sentAt, ...entry }) => ({
        ...entry,
        member: { _id: userId, email: emails.get(userId) ?? '' },
        createdAt: isoTime(createdAt),
        updatedAt: isoTime(updatedAt),
        sentAt: isoTimeOrNull(sentAt),
      })),
      nextCursor: page.nextCursor,
    };
  }),
});
