import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { SERVICE_WORKER_FILE, WEB_MANIFEST_FILE } from '../packages/core/src/site-cache.ts'

const THEME_COLOUR = '#4f46e5'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
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
    // zod's config must be set before any chunk that makes schemas runs (src/csp.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'csp', test: /\/src\/csp\.ts$/ }] } } },
  },
})
