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

const webAppBoundary = {
  group: [
    '@sunfleet/server',
    '@sunfleet/server/*',
    '@sunfleet/sim',
    '@sunfleet/sim/*',
    '**/apps/server/**',
    '**/apps/sim/**',
  ],
  message: 'the web never imports server or sim code',
};

/**
 * The web's layers (docs/web.md): app/ → features/ → components/ → lib/. A feature imports its own folder,
 * components/, lib/, testids.ts and assets/, never app/ or another feature; components/ imports
 * components/, lib/, testids.ts and assets/; lib/ imports only lib/. Imports are relative, so the rule is
 * stated per folder depth: a specifier starting with `../` n times climbs n folders. Static imports are
 * checked by no-restricted-imports, `import()` by no-restricted-syntax.
 */
function webLayer({ layer, base, rootDepth, allowed, message }) {
  const ups = (n) => `^(\\.\\./){${n}}(?!\\.\\./)`;
  const srcLevel = `(?!(${allowed.join('|')})(/|$))`;
  return Array.from({ length: 6 }, (_, depth) => {
    // `depth` folders below the layer's root (features/<name>/, components/, lib/), which lies `rootDepth`
    // folders below src/.
    const toSrc = depth + rootDepth;
    const forbidden = [
      ...(rootDepth === 2 ? [ups(depth + 1)] : []), // features/<another feature>
      `${ups(toSrc)}${srcLevel}`,
      `^(\\.\\./){${toSrc + 1},}`, // above src/
    ];
    return {
      files: [`${base}/${'*/'.repeat(depth + rootDepth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              webAppBoundary,
              ...forbidden.map((regex) => ({ regex, message: `${layer}: ${message}` })),
            ],
          },
        ],
        'no-restricted-syntax': [
          'error',
          ...forbidden.map((regex) => ({
            selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`,
            message: `${layer}: ${message}`,
          })),
        ],
      },
    };
  });
}

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
    rules: { 'no-restricted-imports': ['error', { patterns: [webAppBoundary] }] },
  },
  ...webLayer({
    layer: 'features',
    base: 'apps/web/src/features',
    rootDepth: 2,
    allowed: ['lib', 'components', 'assets', 'testids'],
    message:
      'a feature imports only its own folder, components/, lib/, testids and assets (not app/, not another feature)',
  }),
  ...webLayer({
    layer: 'components',
    base: 'apps/web/src/components',
    rootDepth: 1,
    allowed: ['components', 'lib', 'assets', 'testids'],
    message: 'shared components import only components/, lib/, testids and assets (not app/ or features/)',
  }),
  ...webLayer({
    layer: 'lib',
    base: 'apps/web/src/lib',
    rootDepth: 1,
    allowed: ['lib'],
    message: 'lib/ imports only lib/',
  }),
);
