/**
 * How long browsers and CloudFront may keep each file of the built web app, served by CloudFront
 * in AWS (infra site construct) and by the local server here (local/src/web.ts), so both behave
 * the same. Files under `assets/` carry a content hash in their name and never change: a year,
 * immutable. Everything else is revalidated on every use, above all the service worker (a stale
 * `sw.js` would keep an old app alive) and the web app manifest, and the page that names the
 * hashed files.
 */
export const IMMUTABLE_DIR = 'assets/'

/** The installable app's service worker and manifest, at the site's root (vite.config.ts names them). */
export const SERVICE_WORKER_FILE = 'sw.js'
export const WEB_MANIFEST_FILE = 'manifest.webmanifest'

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
export const REVALIDATE_CACHE_CONTROL = 'no-cache'

/** The Cache-Control of a file of the built site, by its path relative to the site root ('assets/x.js', 'sw.js'). */
export const siteCacheControl = (path: string): string =>
  path.replace(/^\/+/, '').startsWith(IMMUTABLE_DIR) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL
