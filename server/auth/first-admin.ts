// The first administrator, from ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_NAME or `npm run admin:create`.
// An existing user with that email is never touched.
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { EmailInUseError, findUserIdByEmail, insertUser } from '../users/data';
import { userCreatedSummary, userTarget } from '../users/user-audit';
import { hashPassword } from '../users/passwords';

export type AdminResult = { created: true; id: string } | { created: false };

export async function createAdminIfAbsent(
  db: Db,
  admin: { email: string; password: string; name: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<AdminResult> {
  if (await findUserIdByEmail(db, admin.email)) return { created: false };
  const passwordHash = await hashPassword(admin.password);
  try {
    const user = await transaction(db, async (tx) => {
      const user = await insertUser(tx, { name: admin.name, email: admin.email, passwordHash, role: 'admin' });
      // Nobody signed in created it: whoever runs the server did.
      const summary = `${userCreatedSummary(user)} from the server (ADMIN_EMAIL or admin:create)`;
      await recordAudit(tx, { actor: null, action: 'user.create', target: userTarget(user._id), summary });
      return user;
    });
    log.info({ userId: user._id, email: user.email }, 'administrator created');
    return { created: true, id: user._id };
  } catch (error) {
    // Another process created it while we were hashing: that is the outcome we wanted.
    if (error instanceof EmailInUseError) return { created: false };
    throw error;
  }
}
