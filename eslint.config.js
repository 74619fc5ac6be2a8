import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
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
  group: ['../*/*.repository', '../../*/*.repository', '../../features/*/*.repository'],
  message:
    "Another feature's repository is its own (ADR 141, ADR 184), even as a type: use its service, or declare the few methods you need and have the composition root pass them.",
};
/** Arrows that point one way (ADR 184): what a feature never imports. */
/**
 * formatjs's no-literal-string-in-jsx, except for strings without a letter: `{' '}` (which
 * Prettier writes), ' · ' separators and digits are not text to translate (ADR 186).
 */
const literalText = formatjs.rules['no-literal-string-in-jsx'];
const noLiteralText = {
  meta: literalText.meta,
  create(context) {
    const hasLetter = (node) => {
      if (node?.type === 'Literal' && typeof node.value === 'string')
        return /\p{L}/u.test(node.value);
      if (node?.type === 'TemplateLiteral')
        return node.quasis.some((q) => /\p{L}/u.test(q.value.cooked ?? ''));
      if (node?.type === 'JSXText') return /\p{L}/u.test(node.value);
      if (node?.type === 'JSXAttribute') return hasLetter(node.value);
      if (node?.type === 'JSXExpressionContainer') return hasLetter(node.expression);
      return true;
    };
    const filtered = Object.create(context, {
      report: {
        value: (descriptor) =>
          hasLetter(descriptor.node) ? context.report(descriptor) : undefined,
      },
    });
    return literalText.create(filtered);
  },
};

const featureOutwards = {
  group: [
    '**/plugins/*',
    '**/platform/services',
    '**/platform/composition/*',
    '**/db/startup',
    '**/cli/*',
    '../../app',
    '../../../app',
    '../../server',
    '../../../server',
  ],
  message:
    'Features import platform/, lib/, db/ types and contracts only (ADR 184): cache tags are platform/cache-tags.ts; the composition root (platform/services.ts) and app.ts wire features, never the reverse.',
};
/** platform/ is below the features: only the composition root (services.ts, composition/) names one. */
const platformInwards = {
  group: ['**/features/**', '**/plugins/*', '**/cli/*', '../app', '../../app', '../server'],
  message:
    'platform/ imports no feature, plugin or entry point (ADR 184): move the shared piece into platform/, or wire it in the composition root (platform/services.ts).',
};
/** db/ and lib/ are below everything; the bench and scale test start from the root. */
const belowFeatures = {
  group: [
    '**/features/**',
    '**/plugins/*',
    '**/platform/services',
    '../app',
    '../../app',
    '**/cli/*',
  ],
  message:
    'db/ and lib/ know no feature (ADR 184): start-up work is named in the composition root (prepareDatabase in platform/services.ts).',
};
const benchThroughRoot = {
  group: ['**/src/features/**', '**/src/plugins/*'],
  message:
    'The bench and the scale test know no feature (ADR 184): go through the composition root (src/platform/services.ts) or the app (src/app.ts).',
};

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
    // what it needs, not even as a type (ADR 184). No exceptions: SQL two features share lives
    // in db/ (catalogue-rows, counted-rows, moderation-marks).
    files: ['apps/api/src/features/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', ...sqlHomes],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [kyselyOnlyTypes], patterns: [otherFeaturesRepository, featureOutwards] },
      ],
    },
  },
  {
    // Repositories and the SQL exceptions may use Kysely, still not another feature's repository.
    files: [
      'apps/api/src/features/**/*.repository.ts',
      ...sqlHomes.filter((f) => f.startsWith('apps/api/src/features/')),
    ],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [otherFeaturesRepository, featureOutwards] },
      ],
    },
  },
  {
    // Arrows that point one way (ADR 184): platform/ below the features (the composition root
    // aside), db/ and lib/ below everything, the bench and the scale test through the root.
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.test.ts',
      'apps/api/src/platform/services.ts',
      'apps/api/src/platform/composition/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [platformInwards] }],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [belowFeatures] }],
    },
  },
  {
    files: ['apps/api/bench/**/*.ts', 'apps/api/scale/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [benchThroughRoot] }],
    },
  },
  {
    // Web import zones (ADR 184): a feature reaches another feature through its api/,
    // components/ and hooks/ modules only; lib/ is the feature's own (a helper two features
    // need moves to src/lib/, or the owner's components re-export it). No feature imports
    // app/ (routes and layout compose features, never the reverse).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/lib/*', '../../*/lib/*', '../../../*/lib/*'],
              message:
                "Another feature's lib/ is its own (ADR 184): import its api/, components/ or hooks/, or move the shared helper to src/lib/. (A feature reaches its own lib/ relatively: ../lib/x.)",
            },
            {
              group: ['@/app/**', '../../../app/**', '../../../../app/**'],
              message: 'Features never import app/ (ADR 184): routes and layout compose features.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared UI (components/) and helpers (lib/) sit below the features and the app (ADR 184).
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '../features/**', '../app/**'],
              message:
                'components/ and lib/ know no feature and no app code (ADR 184): pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every visible string goes through the catalogues (issue 31, ADR 186): text in JSX, and
    // the props that reach the screen or a screen reader, are messages with an id and English.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { formatjs, i18n: { rules: { 'no-literal-text': noLiteralText } } },
    rules: {
      'i18n/no-literal-text': [
        'error',
        {
          props: {
            include: [
              [
                '*',
                '{label,title,description,message,heading,hint,placeholder,emptyText,emptyMessage,actionLabel,confirmLabel,cancelLabel,subtitle,caption,helper,text,tooltip,srLabel,busyLabel,pendingLabel,doneLabel,retryLabel,body,detail,alt}',
              ],
            ],
          },
        },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-plurals': 'error',
    },
  },
  {
    // The service worker's source (ADR 162): the build prefixes VERSION, SHELL and LAZY.
    files: ['apps/web/build/sw-template.js'],
    languageOptions: {
      globals: {
        ...globals.serviceworker,
        VERSION: 'readonly',
        SHELL: 'readonly',
        LAZY: 'readonly',
      },
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
