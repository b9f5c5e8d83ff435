import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

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

const decodedPath = (url: string | undefined) => {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://x').pathname)
  } catch {
    return undefined
  }
}

export type WebHandler = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => void

/** The built bundle with a single-page-app fallback to index.html, as CloudFront serves it. */
export const staticWeb = (dist: string): WebHandler => {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist}/index.html is missing): run npm run build:web`)
  }
  const index = readFileSync(join(dist, 'index.html'))
  return (req, res, headers) => {
    const decoded = decodedPath(req.url)
    if (decoded === undefined) {
      // A malformed percent-escape is the caller's mistake; it must never take the server down.
      res.writeHead(400, { ...headers, 'content-type': types['.txt']! }).end('Bad request')
      return
    }
    const path = normalize(decoded)
    const file = join(dist, path)
    if (file.startsWith(dist) && extname(path) && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/')
      res.writeHead(200, {
        ...headers,
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      res.end(readFileSync(file))
      return
    }
    res.writeHead(200, { ...headers, 'content-type': types['.html']!, 'cache-control': 'no-cache' }).end(index)
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
