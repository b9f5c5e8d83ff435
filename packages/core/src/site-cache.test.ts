import { describe, expect, it } from 'vitest'
import {
  IMMUTABLE_CACHE_CONTROL,
  IMMUTABLE_DIR,
  REVALIDATE_CACHE_CONTROL,
  SERVICE_WORKER_FILE,
  siteCacheControl,
  WEB_MANIFEST_FILE,
} from './site-cache.ts'

describe('how long each file of the site may be kept', () => {
  it('keeps hashed bundles a year, immutable', () => {
    expect(IMMUTABLE_DIR).toBe('assets/')
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable')
    for (const path of ['assets/index-abc123.js', '/assets/app.css', '//assets/x.woff2', 'assets/'])
      expect(siteCacheControl(path), path).toBe(IMMUTABLE_CACHE_CONTROL)
  })

  it('revalidates everything else on every use: the page, the service worker, the manifest', () => {
    expect(REVALIDATE_CACHE_CONTROL).toBe('no-cache')
    expect(SERVICE_WORKER_FILE).toBe('sw.js')
    expect(WEB_MANIFEST_FILE).toBe('manifest.webmanifest')
    for (const path of [
      'index.html',
      '/index.html',
      SERVICE_WORKER_FILE,
      WEB_MANIFEST_FILE,
      'assetsx.js',
      'assets',
      'x/assets/app.js',
      ' assets/app.js',
      '',
    ])
      expect(siteCacheControl(path), path).toBe(REVALIDATE_CACHE_CONTROL)
  })
})
