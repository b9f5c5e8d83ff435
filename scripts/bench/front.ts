import { createHash, X509Certificate } from 'node:crypto'
import { request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { createSecureServer } from 'node:http2'
import { gzipSync } from 'node:zlib'
import { generate } from 'selfsigned'
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
  // HTTP/2 has no connection-level headers (Node refuses to send them).
  const { 'transfer-encoding': _te, connection: _c, 'keep-alive': _k, ...rest } = headers
  res.writeHead(status, {
    ...rest,
    'content-length': String(out.length),
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
  })
  res.end(out)
}

/**
 * A certificate for 127.0.0.1 made for this run, and the Chromium flag that trusts it (and only it:
 * its public key's hash), so the browser sees a valid HTTPS origin, where service workers run.
 */
const loopbackCertificate = async () => {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  })
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: 'spki', format: 'der' })
  const trust = `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`
  return { key: pems.private, cert: pems.cert, chromiumFlags: [trust] }
}

export interface Front {
  url: string
  /** What a Chromium launched to load `url` needs (it trusts the front's certificate). */
  chromiumFlags: string[]
  close: () => Promise<void>
}

/**
 * The site as CloudFront would front it, on a loopback port: over HTTP/2 and TLS, as CloudFront
 * serves it (infra/lib/constructs/site.ts: HTTP2_AND_3), where a page's chunks share one connection
 * instead of HTTP/1.1's six per host, which Lighthouse simulates on slow 4G; the built app from
 * `dist` through the local stack's own static handler (local/src/web.ts, with the stack's security
 * headers; it compresses the app's files itself), /api/* passed to the stack's API, and the API's
 * text answers gzipped (the stack's API sends them uncompressed). The benchmark serves its own build
 * so a concurrent rebuild of web/dist cannot swap files under Lighthouse.
 */
export const startFront = async (dist: string, api: string): Promise<Front> => {
  const { key, cert, chromiumFlags } = await loopbackCertificate()
  return new Promise<Front>((resolve, reject) => {
    const web = staticWeb(dist)
    // Strict-Transport-Security is left out: it would pin 127.0.0.1 to HTTPS in a browser profile for a year.
    const headers = securityHeaders(contentSecurityPolicy([]))
    delete headers['strict-transport-security']
    const to = new URL(api)
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      if ((req.url ?? '/').startsWith('/api/')) {
        const upstream = request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            // HTTP/2's pseudo-headers (:path, :authority…) are not HTTP/1.1 headers.
            headers: {
              ...Object.fromEntries(Object.entries(req.headers).filter(([h]) => !h.startsWith(':'))),
              host: to.host,
            },
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
    }
    // HTTP/2's compatibility API hands the same request and response objects as node:http.
    const server = createSecureServer({ key, cert, allowHTTP1: true }, handle as never)
    const open = new Set<import('node:net').Socket>()
    server.on('secureConnection', (socket) => {
      open.add(socket)
      socket.once('close', () => open.delete(socket))
    })
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        url: `https://127.0.0.1:${port}`,
        chromiumFlags,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            for (const socket of open) socket.destroy()
          }),
      })
    })
  })
}
