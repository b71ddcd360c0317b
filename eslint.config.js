import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'drizzle/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A promise that nobody awaits, or one used as a condition, is an error: the checks that keep
    // async code (every database call, on PostgreSQL) from running on unnoticed.
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests may build fixtures with better-sqlite3's own transactions.
    files: ['server/**/*.ts'],
    // transaction.ts itself is built on Drizzle's PostgreSQL transactions.
    ignores: ['server/**/*.test.ts', 'server/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Use transaction() of server/db/transaction.ts: the same for either database, and safe on SQLite across awaits.',
        },
      ],
    },
  },
  {
    // better-sqlite3 13 or 12, whichever the running Node can load: server/db/sqlite-driver.ts
    // chooses (decision 024), and everything else opens SQLite through it.
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    ignores: ['server/db/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-12'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Open SQLite with openSqlite() of server/db/sqlite-driver.ts: it loads the better-sqlite3 this Node can run.',
          })),
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // An update or delete without a where clause is never what anyone meant.
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports say where they go: @/ or @shared/, not a count of folders. (What client/ may take
      // from server/, and what shared/ may import, is held by the layer rules: .dependency-cruiser.cjs.)
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../**'], message: 'Import from @/ (client/src) or @shared/ instead of climbing folders.' }] },
      ],
    },
  },
  {
    // The one file that names the server's router type, by climbing out of client/ (the layer rules allow it types only).
    files: ['client/src/lib/trpc.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
