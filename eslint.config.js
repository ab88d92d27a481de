// ESLint flat config: the habits of CONVENTIONS.md that a machine can check.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/manifest/src/validate/manifest-v1.validator.ts', '**/*.py'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'error',
    },
  },
  {
    // Library code: stdout may be a peer's wire, and the CLI prints through its one printer.
    files: ['packages/*/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Tests feed hostile bytes on purpose and poke at loosely typed JSON.
    files: ['**/tests/**/*.ts', 'tests/e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-control-regex': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
