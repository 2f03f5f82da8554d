// The flat-config pieces of the import walls, shared by eslint.config.js and the test that plants violations
// (tools/eslint/boundaries.test.ts), so the test checks the very configuration `npm run lint` runs.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { houtaiPlugin } from './boundaries.js';

const SOURCES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.js', '**/*.mjs'];

/**
 * @param {string} root absolute path of the repository
 * @returns {import('eslint').Linter.Config[]}
 */
export function importWalls(root) {
  return [
    {
      files: SOURCES,
      plugins: { 'import-x': importX, houtai: houtaiPlugin },
      settings: {
        // Dependencies are parsed as TypeScript (no-cycle follows them), without type information.
        'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
        // Resolves relative .ts/.tsx paths and the workspaces' package exports (@houtai/shared/* → src/*.ts).
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] })],
      },
      rules: {
        'houtai/boundaries': ['error', { root }],
        // Runtime cycles (static and dynamic imports; type-only imports are erased and skipped).
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}
