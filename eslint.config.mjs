// Type-aware lint for the whole monorepo. The restricted-import zones enforce the dependency direction
// contracts <- domain <- apps/*: packages never import apps, apps never import each other.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const appImports = [
  '@sunfleet/server',
  '@sunfleet/server/*',
  '@sunfleet/web',
  '@sunfleet/web/*',
  '@sunfleet/sim',
  '@sunfleet/sim/*',
];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/*.d.ts',
      '**/*.d.mts',
      'coverage/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Fastify plugins and route handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/test/**'],
    rules: {
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/explicit-module-boundary-types': 'off',
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: restrict(
      ['@sunfleet/*', ...appImports, '../../apps/*', '../../packages/*'],
      'contracts imports nothing of ours',
    ),
  },
  {
    files: ['packages/domain/**'],
    rules: restrict(
      [...appImports, '../../apps/*', '@sunfleet/domain'],
      'domain may import only @sunfleet/contracts',
    ),
  },
  {
    files: ['apps/server/**'],
    rules: restrict(
      [
        '@sunfleet/web',
        '@sunfleet/web/*',
        '@sunfleet/sim',
        '@sunfleet/sim/*',
        '**/apps/web/**',
        '**/apps/sim/**',
      ],
      'apps never import each other',
    ),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(
      [
        '@sunfleet/server',
        '@sunfleet/server/*',
        '@sunfleet/sim',
        '@sunfleet/sim/*',
        '**/apps/server/**',
        '**/apps/sim/**',
      ],
      'the web never imports server or sim code',
    ),
  },
);
