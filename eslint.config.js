import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // SQL lives in repository files (repo.ts, <concept>-repo.ts) and the database layer;
    // services hold the rules. The filter compiler is the one SQL builder outside them.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**', 'src/server/test/**', '**/*.test.ts', '**/repo.ts', '**/*-repo.ts', 'src/server/modules/members/filter-sql.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)$/]',
          message: 'SQL belongs in a repo.ts (or <concept>-repo.ts) file; call a repository function here.',
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL belongs in a repo.ts (or <concept>-repo.ts) file; call a repository function here.' },
      ],
    },
  },
  {
    // No import cycles anywhere in src/: a module graph without cycles can be read, tested and
    // split bottom-up, and evaluation order never depends on which file happened to load first.
    // Type-only imports are erased at build time and do not count.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Without the extensions and parsers the plugin skips .ts/.tsx dependencies and silently
    // finds no cycle at all.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
