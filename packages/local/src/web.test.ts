import { mkdtempSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { staticWeb } from './web.ts'

const serve = (url: string) => {
  const dist = mkdtempSync(join(tmpdir(), 'web-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>')
  writeFileSync(join(dist, 'logo.svg'), '<svg/>')
  let status = 0
  let body = ''
  const res = {
    writeHead(s: number) {
      status = s
      return res
    },
    end(b?: Buffer | string) {
      body = String(b ?? '')
      return res
    },
  }
  staticWeb(dist)({ url } as IncomingMessage, res as unknown as ServerResponse, {})
  return { status, body }
}

describe('the local web server', () => {
  it('serves files and falls back to the app', () => {
    expect(serve('/logo.svg').body).toBe('<svg/>')
    expect(serve('/reports').body).toContain('<title>app</title>')
  })

  it.each(['/%', '/%E0%A4%A', '/assets/%zz.js', '/%C0%AF..%C0%AF'])('never throws on a malformed escape: %s', (url) => {
    const res = serve(url)
    expect(res.status).toBeGreaterThanOrEqual(200)
    expect(res.status).toBeLessThan(500)
  })
})
