import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The boundaries between the parts (docs/architecture.md), checked here so that a breach fails `npm run lint` and CI.
 * ESLint keeps one `no-restricted-imports` setting per file: each part's block lists every rule that part follows.
 */
const NO_BACKEND = {
  group: ['**/backend/**', 'backend/*'],
  message: 'The frontend never imports backend source: shared rules live in @mudawwana/rules.',
};
const AXIOS_ONLY_IN_HTTP = {
  group: ['axios', 'axios/*'],
  message: 'Only src/api/http.ts talks to axios: use the generated client (src/api/generated) or the helpers of src/api/http.ts.',
};
const NO_ADMIN = {
  group: ['@/features/admin', '@/features/admin/**', '**/features/admin/**', '../admin/**', '@/i18n/admin', '**/i18n/admin'],
  message: 'Public screens never import the admin area (readers would download it).',
};
const NO_EDITOR = {
  group: ['@/components/editor/**', '@/components/image-upload/**', '**/components/editor/**', '@tiptap/*'],
  message: 'Public screens never import the editor (readers would download it).',
};
const PUBLIC_FEATURES = ['auth', 'categories', 'errors', 'home', 'layout', 'pages', 'posts'].map(
  (name) => `frontend/src/features/${name}/**`,
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'frontend/src/api/generated/**', 'test-output/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits (its rejection is lost, or the work races the
    // next step) and a promise where a plain value is expected (an `if (promise)` is always true).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['playwright.config.ts', 'playwright.screenshots.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // react-router's navigate() returns a promise only in its data-router mode, which this app does not use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // Event handlers may be async (React and DOM ignore what they return); a promise as a condition may not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS files (preloaded into a process with node --require) load with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Fedify is loaded when the blog first federates (docs/decisions/035): elsewhere, only its types are imported.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/federation/fedify-modules.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fedify/fedify', '@fedify/vocab', '@js-temporal/polyfill'],
              allowTypeImports: true,
              message: 'Fedify loads on demand: import its types, and its values through federation/fedify-modules.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Controllers speak HTTP and call services; the database is the services' and repositories' business.
    files: ['backend/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['typeorm', 'typeorm/*'], message: 'Controllers never touch the database: call the feature service.' }] },
      ],
    },
  },
  {
    // Tests read loosely typed HTTP response bodies.
    files: ['backend/test/**/*.ts', 'e2e/**/*.ts', '**/*.spec.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [NO_BACKEND, AXIOS_ONLY_IN_HTTP] }],
    },
  },
  {
    files: PUBLIC_FEATURES,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_BACKEND, AXIOS_ONLY_IN_HTTP, NO_ADMIN, NO_EDITOR] }] },
  },
  {
    files: ['frontend/src/api/http.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_BACKEND] }] },
  },
);
