// The tables the data functions use: this process's dialect's (dialect.ts). They are typed as the
// SQLite tables; pg-schema.ts declares every column with the same name, nullability and JS type,
// and db-schemas.test.ts holds the two to that, so the type is true of either.
import { dialect } from './dialect';
import * as pgSchema from './pg-schema';
import * as sqliteSchema from './sqlite-schema';

export type Schema = typeof sqliteSchema;

export const schema = (dialect === 'postgres' ? pgSchema : sqliteSchema) as unknown as Schema;

export const {
  users,
  passwordResets,
  revokedTokens,
  twoFactor,
  recoveryCodes,
  loginChallenges,
  userSearchGrams,
  mediaScans,
  sliderConfig,
  playlists,
  auditEntries,
} = schema;
