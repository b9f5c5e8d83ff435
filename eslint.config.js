import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import i18next from 'eslint-plugin-i18next'

const awsOnlyInAdapters = {
  group: ['@aws-sdk/*', 'stripe'],
  message: 'Call AWS and Stripe through packages/adapters or packages/data.',
}

const packagesStayShared = (noAws) => [
  ...(noAws ? [awsOnlyInAdapters] : []),
  {
    group: ['@app/functions', '@app/functions/*', '@app/local', '@app/local/*', '@app/infra', '@app/infra/*'],
    message: 'packages/ are shared libraries: they never import functions/, local/ or infra/.',
  },
  { group: ['**/functions/**', '**/local/**', '**/infra/**'], message: 'packages/ never import the app.' },
]

/**
 * One no-restricted-imports entry per group of functions/src files (a later entry replaces an
 * earlier one for the same file, so each repeats the common restrictions).
 */
function functionsBoundary(groups) {
  return groups.map(({ files, forbid = [], seed = false, filesFor = false }) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            awsOnlyInAdapters,
            {
              group: ['@app/data/testing', '**/packages/data/**'],
              message: 'Handlers reach data only through orgDb and system (`table` and `keys` are for tests).',
            },
            ...(seed ? [] : [{ group: ['@app/data/seed'], message: 'Seeding is for scripts and the demo only.' }]),
            { group: ['**/test/**'], message: 'Test doubles live beside the tests, never in src/.' },
            ...forbid.map((room) => ({
              group: [`../${room}/*`, `**/src/${room}/*`],
              message: 'Rooms import one way: routes > workflows > views > http.',
            })),
          ],
        },
      ],
      // A route that uses a bucket names `filesFor` as its `files` (so only its bundle holds the S3
      // client), and defineRoute binds it to the session's organization: handlers never call it.
      'no-restricted-syntax': filesFor
        ? 'off'
        : [
            'error',
            {
              selector: "CallExpression[callee.name='filesFor']",
              message: "Use the route context's `files`, bound to the session's organization like `db`.",
            },
          ],
    },
  }))
}

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/cdk.out/', '.local/', 'coverage/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the adapters and data packages (and the local stack, infra and tests) talk to AWS or Stripe.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [awsOnlyInAdapters] }] },
  },
  {
    // Shared packages never reach up into the app: functions/, local/ and infra/ import them.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: packagesStayShared(false) }] },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: packagesStayShared(true) }] },
  },
  // The handlers' boundary: data through orgDb and system, files through the `files` the route
  // context hands over (bound by defineRoute); and the rooms import one way only: routes > workflows > views > http.
  ...functionsBoundary([
    { files: ['functions/src/**/*.ts'] },
    { files: ['functions/src/http/**/*.ts'], forbid: ['views', 'workflows'] },
    { files: ['functions/src/views/**/*.ts'], forbid: ['workflows'] },
    { files: ['functions/src/demo/open-demo.ts'], seed: true },
    // These bind files to the organization a signed link or the logo's path names, as orgDb is bound.
    {
      files: ['functions/src/organization/get-logo.ts', 'functions/src/email-decisions/confirm-decision.ts'],
      filesFor: true,
    },
  ]),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Issue 21: screens show texts from the catalogues (packages/i18n/locales), never literals.
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            exclude: [
              'className',
              // Class names of a part (titleClassName ...) and a component's look or heading level: never texts.
              '.*ClassName',
              'look',
              'level',
              'style',
              'type',
              'key',
              'id',
              'width',
              'height',
              'role',
              'href',
              'to',
              'src',
              'name',
              'htmlFor',
              'autoComplete',
              'inputMode',
              'variant',
              'size',
              'side',
              'align',
              'method',
              'rel',
              'target',
              'lang',
              'dir',
              'pattern',
              'accept',
              'value',
              'defaultValue',
              'form',
              'data-.*',
              'aria-hidden',
              'aria-live',
              'aria-current',
              'aria-haspopup',
              'aria-controls',
              'aria-labelledby',
              'aria-describedby',
              'aria-invalid',
              'aria-expanded',
              'aria-sort',
              'scope',
              'mode',
              'step',
              'min',
              'max',
              'enterKeyHint',
              'loading',
              'decoding',
              'fetchPriority',
              'crossOrigin',
              'as',
              'orientation',
            ],
          },
        },
      ],
    },
  },
)
