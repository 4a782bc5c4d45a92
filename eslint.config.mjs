import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The domains under src/features, and the ones every other domain may use (architecture.md §2): a new folder is zoned
// by itself.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_FEATURES = { auth: [], jobs: ['auth'] };
const usableBy = (feature) => SHARED_FEATURES[feature] ?? Object.keys(SHARED_FEATURES);

/** The import boundaries of architecture.md §2, as import-x/no-restricted-paths zones. */
export const BOUNDARY_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...usableBy(feature).map((other) => `./${other}/index.ts`)],
    message: `A feature may import only ${usableBy(feature).join(' and ') || 'no other feature'} (their public entry); compose the others in app/routes.`,
  })),
  { target: './src/features', from: './src/app', message: 'Features never import app/.' },
  { target: ['./src/components', './src/lib'], from: ['./src/features', './src/app', './src/api', './src/store'], message: 'Shared UI and helpers know no feature.' },
  { target: './src/lib', from: './src/components', message: 'Helpers import no UI.' },
  { target: ['./src/api', './src/store'], from: ['./src/features', './src/app', './src/components'], message: 'The store and API plumbing know no feature.' },
  { target: './src/config', from: './src', except: ['./config'] },
  // The SPA reaches the server only through its contract (types; the plain modules statuses, limits, live, rules,
  // accountMessages, inventoryTerms, billingTerms, idempotency and pageViews).
  { target: './src', from: './server', except: ['./src/contract'] },
  { target: './src', from: './test' },
  { target: './server', from: ['./src'] },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'playwright-report/', 'bench/reports/', 'build-stats/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle reads the imported files itself: TypeScript needs its parser there too.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
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
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/../*', '../../*'], message: 'Use the @/ alias for imports across folders.' },
            { group: ['@/features/*/**'], message: 'Import a feature through its public entry (@/features/<name>).' },
            {
              group: ['@contract/*', '!@contract/statuses', '!@contract/limits', '!@contract/live', '!@contract/rules', '!@contract/accountMessages', '!@contract/inventoryTerms', '!@contract/billingTerms', '!@contract/idempotency', '!@contract/pageViews'],
              allowTypeImports: true,
              message:
                'Import only types from the API contract (its schemas are server code); its plain constants live in @contract/statuses, @contract/limits, @contract/live, @contract/rules, @contract/accountMessages, @contract/inventoryTerms, @contract/billingTerms, @contract/idempotency and @contract/pageViews.',
            },
          ],
        },
      ],
    },
  },
  {
    // architecture.md §2b: domain code throws domain errors; only the HTTP plugins know status codes.
    files: ['server/src/*/**/*.ts'],
    ignores: ['server/src/plugins/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/errors', '**/plugins/errorHandler'],
              message: 'Throw a domain error (server/src/domain/errors.ts); plugins/errorHandler.ts turns it into an HTTP answer.',
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
