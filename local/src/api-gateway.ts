import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { withEnvironment } from '@app/adapters'
import type { Route } from '@app/functions'
import { functionTimeouts, MAX_PAYLOAD_BYTES } from '@app/infra/lib/definition.ts'
import { withRequestId } from './lambda-logs.ts'

/** API Gateway's answer to a body over its payload limit (10 MB), instead of reading it all. */
export const TOO_LARGE_MESSAGE = `Request body too large: the limit is ${MAX_PAYLOAD_BYTES / 1024 / 1024} MB`

/**
 * Content types an HTTP API hands to the function as text; any other body (binary, a form, no
 * content type) arrives base64-encoded with `isBase64Encoded: true`.
 */
const textContentType = /^(text\/|application\/(json|xml|javascript)\b|[\w.-]+\/[\w.-]+\+(json|xml)\b)/i
export const isTextBody = (contentType: string | undefined) => textContentType.test((contentType ?? '').trim())

interface Match {
  route: Route
  pathParameters: Record<string, string>
}

/** Matches `/api/timesheets/{id}/submit` style paths, like an HTTP API does. */
export const routeMatcher = (routes: Route[]) => {
  const compiled = routes.map((route) => {
    const names: string[] = []
    const pattern = route.path.replace(/\{(\w+)\}/g, (_: string, name: string) => {
      names.push(name)
      return '([^/]+)'
    })
    return { route, names, regex: new RegExp(`^${pattern}$`) }
  })
  return (method: string, path: string): Match | 'method-not-allowed' | 'bad-path' | undefined => {
    let pathMatched = false
    for (const { route, names, regex } of compiled) {
      const m = regex.exec(path)
      if (!m) continue
      pathMatched = true
      if (route.method !== method) continue
      try {
        return { route, pathParameters: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) }
      } catch {
        return 'bad-path' // a malformed percent-escape, as API Gateway answers it
      }
    }
    return pathMatched ? 'method-not-allowed' : undefined
  }
}

/** Wraps every handler call when set: the benchmark's opt-in probe of each invocation (scripts/bench/probe.ts). */
export type InvocationProbe = <T>(routeKey: string, call: () => Promise<T>) => Promise<T>
let probe: InvocationProbe | undefined
export const probeInvocations = (wrap: InvocationProbe | undefined) => {
  probe = wrap
}

const readBody = async (req: IncomingMessage): Promise<Buffer | 'too-large'> => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_PAYLOAD_BYTES) return 'too-large'
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_PAYLOAD_BYTES) return 'too-large'
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Builds the API Gateway v2 (HTTP API) event a Lambda would receive and writes its result back. */
export const invoke = async (
  match: Match,
  req: IncomingMessage,
  res: ServerResponse,
  extraHeaders: Record<string, string>,
  environment: Readonly<Record<string, string>>,
) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const body = await readBody(req)
  if (body === 'too-large') {
    res
      .writeHead(413, { 'content-type': 'application/json', ...extraHeaders })
      .end(JSON.stringify({ message: TOO_LARGE_MESSAGE }))
    return
  }
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v
  const requestId = randomUUID()
  const text = isTextBody(req.headers['content-type'])
  const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : undefined
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${match.route.method} ${match.route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: query,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
    body: body.length ? body.toString(text ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !text,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: `${match.route.method} ${match.route.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  }
  const call = () => runWithTimeout(match.route, event, requestId, functionTimeouts.route * 1000, environment)
  const result = await (probe ? probe(event.routeKey, call) : call())
  if (result === 'timed-out') {
    // Lambda stops the function; the HTTP API answers its integration failure.
    console.error(`${requestId} Task timed out after ${functionTimeouts.route} seconds: ${event.routeKey}`)
    res
      .writeHead(500, { 'content-type': 'application/json', ...extraHeaders })
      .end(JSON.stringify({ message: 'Internal Server Error' }))
    return
  }
  const out: Record<string, string | string[]> = { ...extraHeaders, ...(result.headers as Record<string, string>) }
  if (result.cookies?.length) out['set-cookie'] = result.cookies
  res.writeHead(result.statusCode ?? 200, out)
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : result.body)
}

/**
 * Runs the function as Lambda would: with its own environment variables (what the template gives
 * it; config.ts reads them, whatever else runs concurrently), its console output in Lambda's JSON
 * log format with this request id, and stopped (as far as the caller sees) after the function's
 * timeout from the template.
 */
export const runWithTimeout = async (
  route: Pick<Route, 'lambda' | 'path'>,
  event: APIGatewayProxyEventV2,
  requestId: string,
  timeoutMs: number,
  environment: Readonly<Record<string, string>>,
) => {
  const deadline = Date.now() + timeoutMs
  const context = {
    awsRequestId: requestId,
    functionName: route.path,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  } as Context
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs)
  })
  try {
    return await Promise.race([
      withEnvironment(environment, () => withRequestId(requestId, () => route.lambda(event, context))),
      timedOut,
    ])
  } finally {
    clearTimeout(timer)
  }
}
