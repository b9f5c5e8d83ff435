import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { contentSecurityPolicy, securityHeaders } from '@app/core'
import { staticWeb } from '../../local/src/web.ts'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/

/** Sends a response, gzipped when it is text and the client accepts gzip, as CloudFront does. */
const send = (
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
) => {
  const gzip =
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
    !headers['content-encoding'] &&
    COMPRESSIBLE.test(String(headers['content-type'] ?? ''))
  const out = gzip ? gzipSync(body, { level: 6 }) : body
  const { 'transfer-encoding': _te, ...rest } = headers
  res.writeHead(status, {
    ...rest,
    'content-length': String(out.length),
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
  })
  res.end(out)
}

/**
 * The site as CloudFront would front it, on a loopback port: the built app from `dist` through
 * the local stack's own static handler (local/src/web.ts, with the stack's security headers; it
 * compresses the app's files itself), /api/* passed to the stack's API, and the API's text answers
 * gzipped (the stack's API sends them uncompressed). The benchmark serves its own build so a
 * concurrent rebuild of web/dist cannot swap files under Lighthouse.
 */
export const startFront = (dist: string, api: string) =>
  new Promise<{ url: string; close: () => Promise<void> }>((resolve, reject) => {
    const web = staticWeb(dist)
    const headers = securityHeaders(contentSecurityPolicy([]))
    delete headers['strict-transport-security'] // plain http on loopback, as the stack does
    const to = new URL(api)
    const server = createServer((req, res) => {
      if ((req.url ?? '/').startsWith('/api/')) {
        const upstream = request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: to.host },
          },
          (up) => {
            const chunks: Buffer[] = []
            up.on('data', (c: Buffer) => chunks.push(c))
            up.on('end', () => send(req, res, up.statusCode ?? 502, up.headers, Buffer.concat(chunks)))
          },
        )
        upstream.on('error', () => res.writeHead(502).end())
        req.pipe(upstream)
        return
      }
      // staticWeb writes one head and one body: catch them and send them compressed.
      let status = 200
      let head: OutgoingHttpHeaders = {}
      const capture = {
        writeHead(s: number, h: OutgoingHttpHeaders) {
          status = s
          head = h
          return capture
        },
        end(body?: Buffer | string) {
          send(req, res, status, head, Buffer.from(body ?? ''))
        },
      }
      web(req, capture as unknown as ServerResponse, headers)
    })
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
