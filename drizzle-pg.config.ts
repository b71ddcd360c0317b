import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, beside SQLite's (drizzle.config.ts): one schema per dialect (decision 020).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg-schema.ts',
  out: './drizzle-pg',
});
