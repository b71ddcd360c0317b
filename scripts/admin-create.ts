// `npm run admin:create -- --email E --name N`: creates an active admin in the configured
// database, asking for the password (hidden) unless ADMIN_PASSWORD is set.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAdminFromCommandLine } from '../server/cli/admin-create';

if (existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email admin@example.com --name "Ada Admin"');
  process.exit(1);
}
await createAdminFromCommandLine({ email: values.email, name: values.name }, process.env);
