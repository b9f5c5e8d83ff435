import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import { extname, join, normalize, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { choosePage, pageChoiceConfig, SESSION_COOKIE, siteCacheControl } from '@app/core'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** What CloudFront compresses (it skips images and fonts that are compressed already). */
const compressible = new Set(['.html', '.js', '.css', '.svg', '.webmanifest', '.json', '.txt'])

export type WebHandler = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => void

type Encoding = 'br' | 'gzip' | 'identity'

/** The encoding CloudFront would pick for this request: Brotli first, then gzip. */
const encodingFor = (req: IncomingMessage): Encoding => {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return 'identity'
}

const encode: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
}

/** The names of the cookies a request carries (their values are not read). */
const cookieNames = (header: string | undefined): string[] =>
  (header ?? '')
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name !== '')

/**
 * The built bundle, compressed and cached as CloudFront serves it (packages/core/src/site-cache.ts:
 * hashed assets immutable for a year, everything else, the service worker and the web app manifest
 * included, revalidated). The file that answers an address is the one the CloudFront Function picks,
 * by the same rule (core's choosePage): a signed-out page prerendered in the preferred language, else
 * the app shell (index.html).
 */
export const staticWeb = (dist: string, sessionCookie: string = SESSION_COOKIE): WebHandler => {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist}/index.html is missing): run npm run build:web`)
  }
  const bodies = new Map<string, Buffer>()
  const body = (file: string, encoding: Encoding) => {
    const key = `${encoding}:${file}`
    let cached = bodies.get(key)
    if (!cached) {
      const raw = readFileSync(file)
      cached = encoding === 'identity' ? raw : encode[encoding](raw)
      bodies.set(key, cached)
    }
    return cached
  }
  const send = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, file: string) => {
    const ext = extname(file)
    const encoding = compressible.has(ext) ? encodingFor(req) : 'identity'
    res.writeHead(200, {
      ...headers,
      'content-type': types[ext] ?? 'application/octet-stream',
      'cache-control': siteCacheControl(relative(dist, file)),
      vary: 'accept-encoding',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    })
    res.end(req.method === 'HEAD' ? undefined : body(file, encoding))
  }
  return (req, res, headers) => {
    let path: string
    try {
      path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    } catch {
      res.writeHead(400, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Bad request')
      return
    }
    const chosen = choosePage(
      {
        uri: path,
        acceptLanguage: String(req.headers['accept-language'] ?? ''),
        cookieNames: cookieNames(req.headers.cookie),
        hasQuery: (req.url ?? '').includes('?'),
      },
      pageChoiceConfig(sessionCookie),
    )
    const file = join(dist, chosen)
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) {
      send(req, res, headers, file)
      return
    }
    // A file that is not there (CloudFront answers the bucket's 403 or 404; the app shell here, as before).
    send(req, res, headers, join(dist, 'index.html'))
  }
}

/** Vite's dev server as middleware on the same origin, with hot reload over this server. */
export const devWeb = async (
  root: string,
  server: Server,
): Promise<{ handler: WebHandler; close: () => Promise<void> }> => {
  const { createServer } = await import('vite')
  const vite = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server } },
    logLevel: 'warn',
  })
  return {
    handler: (req, res, headers) => {
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
      vite.middlewares(req, res, () => res.writeHead(404).end())
    },
    close: () => vite.close(),
  }
}
