/**
 * The web app runs on Preact through preact/compat: React's API at a tenth of react-dom's size
 * (issue 17: a first visit's JavaScript). Every import of React, by our code and by the libraries
 * (the router, TanStack Query, Radix, Recharts, react-i18next), resolves to Preact: in the build,
 * in `npm run dev` and in the web tests alike (vite.config.ts, ../vitest.config.ts).
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]

/** JSX as React writes it (react/jsx-runtime), which the aliases turn into preact/compat's. */
export const PREACT_JSX = { jsx: { runtime: 'automatic', importSource: 'react' } } as const
