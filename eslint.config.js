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

/**
 * What a person reads or hears on a screen comes from the catalogues
 * (packages/i18n/locales), never a literal. In `jsx-only` mode the plugin reads every string inside
 * JSX: texts, attribute values, call arguments and object values. These options name what is never
 * read (class names, ids and field names, addresses, selectors, a prop's fixed words), so such
 * strings stay plain literals where they are used; anything not named is read, so a new prop that
 * carries text is caught. packages/i18n/src/literal-string-rule.test.ts runs them.
 */
const screenTexts = {
  mode: 'jsx-only',
  'jsx-attributes': {
    exclude: [
      // Looks: classes, styles and a component's fixed words for its look.
      'className',
      '.*ClassName',
      'style',
      'look',
      'variant',
      'size',
      'tone',
      'level',
      // Ids, keys and field names, and the ids that tie an element to another.
      'id',
      '.*Id',
      'testIdPrefix',
      'key',
      'name',
      'htmlFor',
      'form',
      'data-.*',
      'aria-(controls|labelledby|describedby|activedescendant|owns)',
      'describedBy',
      // Addresses.
      'href',
      'to',
      'src',
      'rel',
      'target',
      'method',
      'accept',
      // How a field takes its value, and the value itself (an option's or a form's, not a text).
      'type',
      'autoComplete',
      'autoCapitalize',
      'inputMode',
      'enterKeyHint',
      'pattern',
      'step',
      'min',
      'max',
      'value',
      'defaultValue',
      'mode',
      // Roles and states, in ARIA's own words.
      'role',
      'scope',
      'aria-(hidden|live|current|haspopup|invalid|expanded|sort|autocomplete)',
      // Where a thing sits and how it moves, and its language and direction.
      'width',
      'height',
      'side',
      'align',
      'orientation',
      'position',
      'layout',
      'swipeDirection',
      'hotkey',
      'lang',
      'dir',
      'as',
      // How an image loads.
      'loading',
      'decoding',
      'fetchPriority',
      'crossOrigin',
      // A chart's data keys, colours and scale.
      'dataKey',
      'fill',
      'domain',
    ],
  },
  callees: {
    exclude: [
      // The plugin's own list, which this one replaces.
      'i18n(ext)?',
      't',
      'require',
      'addEventListener',
      'removeEventListener',
      'postMessage',
      'getElementById',
      'dispatch',
      'commit',
      'includes',
      'indexOf',
      'endsWith',
      'startsWith',
      // Selectors and routes, and the forms' own setters and controls, whose first argument names a field.
      'querySelector(All)?',
      'navigate',
      'set',
      'control',
    ],
  },
  'object-properties': {
    // The plugin's own UPPER_CASE keys, a column heading's classes, and Stripe's layout and theme words.
    exclude: ['[A-Z_-]+', 'className', 'layout', 'theme'],
  },
}

/**
 * On a native element the plugin reads only alt, aria-label, placeholder, title and value: a
 * literal in its other attributes that are shown or read aloud is reported here.
 */
const nativeReadAloudLiteral =
  "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name=/^(label|aria-(description|valuetext|roledescription|placeholder|braillelabel))$/]:matches([value.type='Literal'], [value.expression.type=/^(Literal|TemplateLiteral)$/])"
const screenTextsMessage = 'Screens show texts from the catalogues (packages/i18n/locales) through t(), never literals.'

/**
 * Comments say why a line is there; when it came, and which issue asked, is git's to keep. A
 * comment that cites an issue number is refused.
 */
export const commentsSayWhy = {
  rules: {
    'no-issue-numbers': {
      meta: {
        type: 'suggestion',
        messages: { cite: 'Say why in words; git keeps which issue asked ("{{text}}").' },
        schema: [],
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const found = /\bissues? \d+/i.exec(comment.value)
              if (found) context.report({ loc: comment.loc, messageId: 'cite', data: { text: found[0] } })
            }
          },
        }
      },
    },
  },
}

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/cdk.out/', '.local/', 'coverage/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { comments: commentsSayWhy },
    rules: { 'comments/no-issue-numbers': 'error' },
  },
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
    // These bind files to the organization a signed link, the logo's path, the export or import job's item
    // or the erasure job's closure names, as orgDb is bound.
    {
      files: [
        'functions/src/organization/get-logo.ts',
        'functions/src/email-decisions/confirm-decision.ts',
        'functions/src/jobs/export-organization.ts',
        'functions/src/jobs/erase-closed.ts',
        'functions/src/jobs/import-members.ts',
      ],
      filesFor: true,
    },
  ]),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', screenTexts],
      'no-restricted-syntax': ['error', { selector: nativeReadAloudLiteral, message: screenTextsMessage }],
    },
  },
)
