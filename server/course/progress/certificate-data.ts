// The course certificates (CONTRACT §4 GET /api/course/certificate, GET /api/certificates/{id}):
// the only code that touches course_certificates. One per member, by a unique index: two requests
// that find the course complete at once both insert, one row stays, and both read it back.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { courseCertificates } from '../../db/schema';

export interface Certificate {
  id: string;
  userId: string;
  name: string;
  /** Milliseconds: when the last lesson was completed. */
  completedAt: number;
}

const columns = {
  id: courseCertificates.id,
  userId: courseCertificates.userId,
  name: courseCertificates.name,
  completedAt: courseCertificates.completedAt,
};

/** 128 random bits: the public page's address cannot be guessed or walked. */
const newCertificateId = () => randomBytes(16).toString('base64url');

export async function findCertificateOf(db: Db, userId: string): Promise<Certificate | undefined> {
  const [row] = await db.select(columns).from(courseCertificates).where(eq(courseCertificates.userId, userId));
  return row;
}

export async function findCertificate(db: Db, id: string): Promise<Certificate | undefined> {
  const [row] = await db.select(columns).from(courseCertificates).where(eq(courseCertificates.id, id));
  return row;
}

/**
 * The member's certificate: issued now unless one was already, which is kept as it is; undefined
 * if the member was deleted meanwhile (the foreign key refuses the row, or the cascade took it).
 */
export async function issueCertificate(db: Db, fields: Omit<Certificate, 'id'>, at: number): Promise<Certificate | undefined> {
  try {
    await db
      .insert(courseCertificates)
      .values({ id: newCertificateId(), ...fields, createdAt: at })
      .onConflictDoNothing({ target: courseCertificates.userId });
  } catch (error) {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  return findCertificateOf(db, fields.userId);
}
