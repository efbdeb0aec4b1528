import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'build/', '.react-router/', 'node_modules/', 'bench/results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // The server and what it shares keep their types all the way through, the generic CRUD layer
    // included (it is typed over the Database interface). Migrations are frozen in time and speak to
    // an untyped Kysely on purpose: they must not import the app's types.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
