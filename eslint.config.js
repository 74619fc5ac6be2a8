import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Where SQL may be written (ADR 141): repositories, db/, platform/ and the listed files (demo data writes in bulk, like a migration). */
const sqlHomes = [
  'apps/api/src/**/*.repository.ts',
  'apps/api/src/db/**',
  'apps/api/src/platform/**',
  'apps/api/src/features/shows/show-status.ts',
  'apps/api/src/features/search/search-index.ts',
  'apps/api/src/features/reviews/demo-data.ts',
  'apps/api/src/features/recommendations/demo-tastes.ts',
];
const sqlMessage = 'SQL lives in repositories (ADR 141): add a method to the feature repository.';
/** A transaction opened by hand instead of through platform/unit-of-work.ts. */
const ownTransaction = {
  selector: 'CallExpression[callee.property.name=/^(transaction|connection)$/][arguments.length=0]',
  message: 'Transactions go through the unit of work (ADR 141): uow.run(async (trx) => ...).',
};
const kyselyOnlyTypes = {
  name: 'kysely',
  allowTypeImports: true,
  message:
    'Only repositories, db/ and platform/ use Kysely itself (ADR 141): ask a repository (executor types are fine).',
};
const otherFeaturesRepository = {
  group: ['../*/*.repository', '../../features/*/*.repository'],
  allowTypeImports: true,
  message:
    "Another feature's repository is its own (ADR 141): use its service, or have the composition root pass what is needed.",
};
const crossRepositoryExceptions = [
  'apps/api/src/features/metadata/metadata.service.ts',
  'apps/api/src/features/metadata/metadata.writer.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // One way to the database (ADR 141). SQL (query builders, sql``) lives in repositories,
    // db/ (connection, migrations) and platform/ (jobs, policy's visible.* filters); everything
    // else asks a repository. Listed exceptions (sqlHomes): SQL fragments repositories share
    // (show-status), the search index's writer (search-index) and demo data (a seeding tool).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', ...sqlHomes],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: sqlMessage,
        },
        { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: sqlMessage },
        ownTransaction,
      ],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [kyselyOnlyTypes] }],
    },
  },
  {
    // Repositories run SQL on the executor they are given; transactions are the unit of work's.
    files: ['apps/api/src/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ownTransaction] },
  },
  {
    // Feature boundaries (ADR 141): a feature never reaches into another feature's repository;
    // it asks that feature's service, or the composition root (platform/services.ts) hands it
    // what it needs. Naming a type is fine. Exception: metadata writes the catalogue's rows
    // through catalog.repository (the TVmaze sync and the snapshot import share them).
    files: ['apps/api/src/features/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', ...sqlHomes, ...crossRepositoryExceptions],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [kyselyOnlyTypes], patterns: [otherFeaturesRepository] },
      ],
    },
  },
  {
    // Repositories and the SQL exceptions may use Kysely, still not another feature's repository.
    files: [
      'apps/api/src/features/**/*.repository.ts',
      ...sqlHomes.filter((f) => f.startsWith('apps/api/src/features/')),
    ],
    ignores: ['apps/api/src/**/*.test.ts', ...crossRepositoryExceptions],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [otherFeaturesRepository] },
      ],
    },
  },
  {
    // The service worker's source (ADR 162): the build prefixes VERSION and PRECACHE.
    files: ['apps/web/build/sw-template.js'],
    languageOptions: {
      globals: { ...globals.serviceworker, VERSION: 'readonly', PRECACHE: 'readonly' },
    },
  },
  {
    // Web code talks to the API over HTTP only; it never imports server code.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/api/**', '@series-tracker/api'] }],
    },
  },
);
