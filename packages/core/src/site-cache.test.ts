import { describe, expect, it } from 'vitest'
import * as siteCache from './site-cache.ts'

describe('how long each file of the site may be kept', () => {
  it('keeps hashed bundles a year, immutable', () => {
    expect(siteCache.IMMUTABLE_DIR).toBe('assets/')
    expect(siteCache.IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable')
    for (const path of ['assets/index-abc123.js', '/assets/app.css', '//assets/x.woff2', 'assets/'])
      expect(siteCache.siteCacheControl(path), path).toBe(siteCache.IMMUTABLE_CACHE_CONTROL)
  })

  it('revalidates everything else on every use: the page, the service worker, the manifest', () => {
    expect(siteCache.REVALIDATE_CACHE_CONTROL).toBe('no-cache')
    expect(siteCache.SERVICE_WORKER_FILE).toBe('sw.js')
    expect(siteCache.WEB_MANIFEST_FILE).toBe('manifest.webmanifest')
    for (const path of [
      'index.html',
      '/index.html',
      siteCache.SERVICE_WORKER_FILE,
      siteCache.WEB_MANIFEST_FILE,
      'assetsx.js',
      'assets',
      'x/assets/app.js',
      ' assets/app.js',
      '',
    ])
      expect(siteCache.siteCacheControl(path), path).toBe(siteCache.REVALIDATE_CACHE_CONTROL)
  })
})
