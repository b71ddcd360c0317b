// The first administrator, from ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_NAME or `npm run admin:create`.
// An existing user with that email is never touched.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { EmailInUseError, findUserIdByEmail, insertUser } from '../users/data';
import { hashPassword } from './passwords';

export type AdminResult = { created: true; id: string } | { created: false };

export async function createAdminIfAbsent(
  db: Db,
  admin: { email: string; password: string; name: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<AdminResult> {
  if (findUserIdByEmail(db, admin.email)) return { created: false };
  const passwordHash = await hashPassword(admin.password);
  try {
    const user = insertUser(db, { name: admin.name, email: admin.email, passwordHash, role: 'admin' });
    log.info({ userId: user._id, email: user.email }, 'administrator created');
    return { created: true, id: user._id };
  } catch (error) {
    // Another process created it while we were hashing: that is the outcome we wanted.
    if (error instanceof EmailInUseError) return { created: false };
    throw error;
  }
}
