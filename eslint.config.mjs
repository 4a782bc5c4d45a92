import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'playwright-report/', 'bench/reports/', 'build-stats/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `interface StaticSlices extends WithSlice<typeof slice> {}`: how a domain adds its slice to the store's type.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // <RequireRole role="ADMIN"> is a guard's prop, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // architecture.md §2: shared UI and pure helpers never reach into features or the app shell;
      // src/ never imports the server or tests.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/components', from: ['./src/features', './src/app', './src/api'] },
            { target: './src/lib', from: ['./src/features', './src/app', './src/api', './src/components'] },
            // The SPA reaches the server only through its contract (types; the plain modules statuses, limits and live).
            { target: './src', from: './server', except: ['./src/contract'] },
            { target: './src', from: './test' },
            { target: './server', from: ['./src'] },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/../*', '../../*'], message: 'Use the @/ alias for imports across folders.' },
            {
              group: ['@contract/*', '!@contract/statuses', '!@contract/limits', '!@contract/live'],
              allowTypeImports: true,
              message: 'Import only types from the API contract (its schemas are server code); its plain constants live in @contract/statuses, @contract/limits and @contract/live.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
