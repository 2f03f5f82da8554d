// ESLint flat config: type-aware TypeScript rules for every workspace, React rules for the web app, the ban on
// Kysely's identifier/raw-text escape hatches outside the server's registry module, and the architecture's import
// walls (tools/eslint/boundaries.js) with import cycles refused (import-x/no-cycle).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importWalls } from './tools/eslint/config.js';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const JS_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs'];

// Security design §5: SQL is never built from request text. These Kysely helpers take identifiers or raw
// SQL text, so they may only appear in apps/server/src/registry/**, where every name comes from an allow-list.
const KYSELY_ESCAPE_HATCHES = [
  {
    selector: "MemberExpression[object.name='sql'][property.name=/^(raw|ref|id|table|lit)$/]",
    message:
      'sql.raw/ref/id/table/lit take identifiers or raw text: use them only in apps/server/src/registry/ (allow-listed names). sql.join and bound values are fine.',
  },
  {
    selector: "MemberExpression[property.name='dynamic'][object.type!='ThisExpression']",
    message:
      "Kysely's dynamic module (db.dynamic.ref/table) builds identifiers from strings: use apps/server/src/registry/.",
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='ref'][arguments.0.type!='Literal']",
    message:
      'A dynamic eb.ref(...) builds an identifier from a runtime string: pass a literal column, or resolve it through apps/server/src/registry/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'reports/**',
      '**/coverage/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
  },

  { files: [...TS_FILES, ...JS_FILES], ...js.configs.recommended },

  // Plain JavaScript (configs and scripts): no type information needed.
  {
    files: JS_FILES,
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },

  // TypeScript everywhere, type-aware through the project service (each workspace's tsconfig.json).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root-level config files belong to no workspace tsconfig.
          allowDefaultProject: ['vitest.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },

  // Server, shared, e2e and bench run on Node.
  {
    files: ['apps/server/**', 'packages/shared/**', 'e2e/**', 'bench/**', 'scripts/**', '*.ts', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },

  // The web app: browser globals, React hooks and accessibility rules.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },

  // Kysely escape hatches: forbidden everywhere except the registry module.
  {
    files: [...TS_FILES, ...JS_FILES],
    ignores: ['apps/server/src/registry/**'],
    rules: {
      'no-restricted-syntax': ['error', ...KYSELY_ESCAPE_HATCHES],
    },
  },

  // Import walls and cycles (ARCHITECTURE.md §2, docs/decisions.md "Walls (issue 10)").
  ...importWalls(import.meta.dirname),

  // Tests may use non-null assertions on values they have just asserted.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
