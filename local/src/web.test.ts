import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staticWeb } from './web.ts'

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))}\n`
let dist: string
let server: Server
let port: number

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-test-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>')
  writeFileSync(join(dist, 'assets/index-abc123.js'), script)
  writeFileSync(join(dist, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"App"}')
  for (const language of ['en', 'es']) {
    mkdirSync(join(dist, 'pages', language), { recursive: true })
    writeFileSync(join(dist, 'pages', language, 'index.html'), `<title>Landing ${language}</title>`)
    writeFileSync(join(dist, 'pages', language, 'staff-login.html'), `<title>Staff login ${language}</title>`)
  }
  const web = staticWeb(dist)
  server = createServer((req, res) => web(req, res, { 'x-content-type-options': 'nosniff' }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dist, { recursive: true, force: true })
})

/** A raw request, so the test sees the bytes and headers as sent (fetch would decompress). */
const get = (path: string, acceptEncoding?: string, more: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...more },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
        },
      )
      req.on('error', reject)
      req.end()
    },
  )

describe('the local static web server, as CloudFront serves the bundle', () => {
  it('sends Brotli when the browser accepts it, and the bytes decode to the file', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toBe('accept-encoding')
    expect(res.body.length).toBeLessThan(script.length / 5)
    expect(brotliDecompressSync(res.body).toString()).toBe(script)
  })

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(script)
    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('caches hashed assets for a year and revalidates pages', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get('/')).headers['cache-control']).toBe('no-cache')
  })

  it('never lets the service worker or the web app manifest be kept stale, and types them right', async () => {
    const sw = await get('/sw.js')
    expect(sw.headers['cache-control']).toBe('no-cache')
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const manifest = await get('/manifest.webmanifest')
    expect(manifest.headers['cache-control']).toBe('no-cache')
    expect(manifest.headers['content-type']).toBe('application/manifest+json')
  })

  it('answers a signed-out page with its prerendered HTML in the language Accept-Language prefers', async () => {
    expect((await get('/')).body.toString()).toBe('<title>Landing en</title>')
    expect((await get('/staff-login')).body.toString()).toBe('<title>Staff login en</title>')
    expect(
      (await get('/staff-login/', undefined, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).body.toString(),
    ).toBe('<title>Staff login es</title>')
    expect((await get('/', undefined, { 'accept-language': 'fr, es;q=0.3' })).body.toString()).toBe(
      '<title>Landing es</title>',
    )
  })

  it('answers a request carrying the session cookie (whatever its value) with the app shell', async () => {
    const shell = await get('/', undefined, { cookie: 'theme=dark; sid=anything', 'accept-language': 'es' })
    expect(shell.body.toString()).toBe('<!doctype html><title>App</title>')
    expect((await get('/', undefined, { cookie: 'sidebar=1' })).body.toString()).toBe('<title>Landing en</title>')
  })

  it('answers an app route with index.html, with the headers it was given', async () => {
    const res = await get('/settings')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body.toString()).toContain('<title>App</title>')
  })

  it('does not compress images', async () => {
    const res = await get('/logo.png', 'br')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-type']).toBe('image/png')
  })

  it('answers a malformed percent-escape with 400 instead of crashing', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400)
    expect((await get('/')).status).toBe(200)
  })
})
