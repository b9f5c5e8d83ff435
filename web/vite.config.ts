import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { SERVICE_WORKER_FILE, WEB_MANIFEST_FILE } from '../packages/core/src/site-cache.ts'
import { DEFAULT_LANGUAGE } from '../packages/core/src/languages.ts'
import { prerenderPages, signedInFirstChunks } from './prerender.ts'
import { compileHints } from './compile-hints.ts'

const THEME_COLOUR = '#4f46e5'

const SRC = join(import.meta.dirname, 'src')
const ENTRY = join(SRC, 'main.tsx')
/**
 * The libraries every first visit runs before any page (each all of it: no unused exports come
 * along), and the icon and Slot runtime that nearly every page's first component needs.
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack\/query-core|@tanstack\/react-query|i18next|clsx|tailwind-merge|@radix-ui\/react-(slot|compose-refs|primitive)|lucide-react\/dist\/esm\/(shared|Icon|createLucideIcon|defaultAttributes|context))[/.]/
/** Per chunking pass (its module infos are reused within one pass). */
const entrySources = new WeakMap<object, Set<string>>()

/**
 * The first script: the framework and the app's own modules that src/main.tsx imports statically
 * (transitively), in one chunk. Left to itself, Rolldown splits off each module that a lazy page
 * imports too, although the entry has always loaded it by then (rolldown/rolldown#10731), and a
 * first visit paid for a dozen small files, each gzipped alone. Imports are followed within src/
 * only: a package's index names every module the package has, not just those the entry uses.
 */
const firstScript = (id: string, ctx: Rolldown.ChunkingContext) => {
  if (FRAMEWORK.test(id)) return 'app'
  const entry = ctx.getModuleInfo(ENTRY)
  if (!entry || !id.startsWith(SRC)) return null
  let sources = entrySources.get(entry)
  if (!sources) {
    const found = new Set<string>()
    const visit = (m: string) => {
      if (found.has(m) || !m.startsWith(SRC)) return
      found.add(m)
      for (const i of ctx.getModuleInfo(m)?.importedIds ?? []) visit(i)
    }
    visit(ENTRY)
    entrySources.set(entry, (sources = found))
  }
  return sources.has(id) ? 'app' : null
}

/**
 * The catalogues a first visit's screen speaks in the default language (the public frame and its
 * pages), fetched with the first script rather than after it runs: one round trip less before the
 * first paint on a slow phone (Lighthouse / from 93 to 94-96, measured 2026-11-23). A visitor in
 * another language fetches about 4 KB they do not use.
 */
const FIRST_CATALOGUES = ['common', 'public'].map((ns) => `/packages/i18n/locales/${DEFAULT_LANGUAGE}/${ns}.json`)
const preloadFirstCatalogues = (): Plugin => ({
  name: 'preload-first-catalogues',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      Object.values(bundle ?? {})
        .filter((c) => c.type === 'chunk' && FIRST_CATALOGUES.some((f) => c.facadeModuleId?.endsWith(f)))
        .map((c) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` },
          injectTo: 'head' as const,
        })),
  },
})

/** A member's first screen's chunks, named in the app shell (prerender.ts: signedInFirstChunks). */
const preloadSignedInFirst = (): Plugin => ({
  name: 'preload-signed-in-first',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      signedInFirstChunks(Object.values(bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')).map(
        (file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }),
      ),
  },
})

/**
 * Redoc (the /developers reference) shows its attribution with a logo fetched from
 * Redocly's CDN on every visit: the app loads nothing from elsewhere, so that address becomes an
 * empty inline image (the words and their link stay). The build fails if Redoc's bundle no longer
 * holds the address, so a new version's requests are looked at again (e2e/api-tokens.test.ts fails
 * on any request to another origin).
 */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
const redocFetchesNothing = (): Plugin => ({
  name: 'redoc-fetches-nothing',
  transform(code, id) {
    if (!/\/node_modules\/redoc\/bundles\//.test(id)) return null
    if (!code.includes(REDOC_LOGO)) this.error(`redoc's bundle no longer holds ${REDOC_LOGO}: check what it fetches`)
    return { code: code.replaceAll(REDOC_LOGO, EMPTY_IMAGE), map: null }
  },
})

/**
 * React Router ships a production build (its development warnings off) beside the development one,
 * but its package exports name only the latter (remix-run/react-router#14102): the app's build
 * takes the production one; `npm run dev` keeps the warnings. react-router-dom re-exports these two.
 */
const ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)
const routerProduction = [
  { find: /^react-router$/, replacement: join(ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(ROUTER_PRODUCTION, 'dom-export.mjs') },
]

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  resolve: { alias: command === 'build' ? routerProduction : [] },
  plugins: [
    // JSX and React Fast Refresh for `npm run dev`.
    react(),
    tailwindcss(),
    preloadFirstCatalogues(),
    preloadSignedInFirst(),
    redocFetchesNothing(),
    compileHints(),
    prerenderPages(),
    // The installable staff app: a web app manifest and a Workbox service worker that precaches the
    // app shell and every page's chunk, so a signed-in member can open the app with no connection.
    VitePWA({
      // A new version waits until the member accepts the update prompt (components/UpdatePrompt.tsx),
      // so a page never swaps its code under a half-typed week.
      registerType: 'prompt',
      // Registered from the app's own bundle (virtual:pwa-register/react): no inline script, which
      // the content security policy forbids.
      injectRegister: false,
      filename: SERVICE_WORKER_FILE,
      manifestFilename: WEB_MANIFEST_FILE,
      includeAssets: ['logo.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Ministry Timesheets',
        short_name: 'Timesheets',
        description: 'Weekly timesheets for churches and ministry teams: record hours, approve them, pay staff.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#f8fafc',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The prerendered signed-out pages (prerender.ts) are for first visits over the network; offline,
        // every address opens the app shell.
        // Nor is the /developers reference (Redoc, about 1 MB): a member's phone never needs it offline.
        globIgnores: ['pages/**', 'assets/ApiReference-*'],
        // Client-side routes open the cached shell; the API's own pages and files (sign-in, sign-out,
        // CSV downloads, the one-click decision pages) always go to the network.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtime caching: API answers are never served from the service worker's cache. The
        // reads the staff app needs offline are kept by the app itself, per member (src/offline).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install takes charge of the open page at once, so its later page chunks come from
        // the cache too; an update still waits for the prompt (registerType 'prompt').
        clientsClaim: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onwarn: (warning, warn) => {
        // The libraries' "use client" marks are for React Server Components, which this app has none
        // of; the router looks React 19's useOptimistic up and does without it when it is missing.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return
        warn(warning)
      },
      output: {
        codeSplitting: {
          // Left to itself, Rolldown gives each set of pages that share a module a chunk of its own: a
          // member's first screen was 76 files, most under 1 KB gzipped (an icon, a button), and in a
          // new renderer each file costs main-thread time of its own. Those
          // under 10 KiB of source are copied into the chunks that read them instead, with one module
          // state across the copies (Rolldown's registry), so no page downloads code it did not
          // before: the first screen is 21 files, 2 KB gzipped more, and the installed app's warm start
          // about 0.3 s sooner (README, "The signed-in first screens"). Styles stay files (Vite's CSS
          // plugin emits a style module's CSS from every chunk that lists it).
          experimentalInlineCommonChunks: {
            maxSize: 10 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            // zod's config must be set before any chunk that makes schemas runs (src/csp.ts).
            { name: 'csp', test: /\/src\/csp\.ts$/, priority: 2 },
            { name: firstScript, debugName: 'app', priority: 1 },
          ],
        },
      },
    },
  },
}))
