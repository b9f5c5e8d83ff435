import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import type { AuditClient } from '@app/core'

/** Where a request came from, as sign-in records keep it (API Gateway's own view of the caller). */
export const clientOf = (event: APIGatewayProxyEventV2): AuditClient => ({
  address: event.requestContext?.http?.sourceIp ?? 'unknown',
  userAgent: (event.requestContext?.http?.userAgent ?? event.headers?.['user-agent'] ?? '').slice(0, 512),
})

/** The eight hextets of an IPv6 address, or undefined for anything else (IPv4 included). */
const hextets = (address: string): string[] | undefined => {
  if (!address.includes(':')) return undefined
  const [head = '', tail, ...more] = address.toLowerCase().split('::')
  if (more.length) return undefined
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  const all = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right]
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return undefined
  return all.map((h) => h.replace(/^0+(?=.)/, ''))
}

/**
 * The address a per-address limit counts: an IPv6 client by its /64, the block one
 * subscriber or network usually holds whole (so it cannot spread its tries over its own
 * addresses); IPv4 and anything else as it is.
 */
export const rateAddressOf = (address: string): string => {
  const six = hextets(address)
  return six ? `${six.slice(0, 4).join(':')}::/64` : address
}
