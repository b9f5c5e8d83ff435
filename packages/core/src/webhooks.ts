import * as z from 'zod'
import { Role } from './roles.ts'

/**
 * Webhooks: signed deliveries of what happened, per the Standard Webhooks specification
 * (standardwebhooks.com). These are the pure rules: the events, where a delivery may go, and when
 * a failed delivery is tried again.
 */
export const WebhookEvent = z.enum(
  [
    'timesheet.submitted',
    'timesheet.approved',
    'timesheet.rejected',
    'pay_period.closed',
    'pay_period.sent',
    'member.added',
    'member.removed',
    'time_off.requested',
    'time_off.approved',
    'time_off.rejected',
    'time_off.cancelled',
  ],
  { error: 'Unknown event' },
)
export type WebhookEvent = z.infer<typeof WebhookEvent>

/**
 * What each event carries, the one definition of it: ids, statuses and dates a receiver uses to
 * fetch the rest with an API token, and no personal data (no name, email, comment or kind of
 * leave). Strict: a field not named here is refused, never sent.
 */
const By = z.strictObject({ userId: z.string().describe('The member who did it') })
const TimesheetEventData = z.strictObject({
  timesheetId: z.number().int().describe('GET /api/timesheets/{id}'),
  employeeId: z.string().describe('GET /api/employees (members:read)'),
  weekStartDate: z.string().describe('YYYY-MM-DD'),
  status: z.enum(['pending', 'approved', 'rejected']),
  by: By,
})
const PayPeriodEventData = z.strictObject({
  start: z.string().describe('YYYY-MM-DD'),
  end: z.string().describe('YYYY-MM-DD'),
  by: By,
})
const PayPeriodSentData = z.strictObject({
  start: z.string().describe('YYYY-MM-DD'),
  end: z.string().describe('YYYY-MM-DD'),
  vendor: z.enum(['quickbooks', 'gusto']).describe('Where the period was sent'),
  result: z.strictObject({
    status: z.enum(['sent', 'partial', 'failed']),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  }),
  by: By,
})
const MemberEventData = z.strictObject({
  memberId: z.string().describe('GET /api/employees (members:read)'),
  role: Role,
  by: By,
})
const TimeOffEventData = z.strictObject({
  timeOffId: z.string().describe('GET /api/time-off (time-off:read)'),
  employeeId: z.string(),
  from: z.string().describe('YYYY-MM-DD'),
  to: z.string().describe('YYYY-MM-DD'),
  hours: z.number(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  by: By,
})
export const WebhookEventData = {
  'timesheet.submitted': TimesheetEventData,
  'timesheet.approved': TimesheetEventData,
  'timesheet.rejected': TimesheetEventData,
  'pay_period.closed': PayPeriodEventData,
  'pay_period.sent': PayPeriodSentData,
  'member.added': MemberEventData,
  'member.removed': MemberEventData,
  'time_off.requested': TimeOffEventData,
  'time_off.approved': TimeOffEventData,
  'time_off.rejected': TimeOffEventData,
  'time_off.cancelled': TimeOffEventData,
} as const satisfies Record<WebhookEvent, z.ZodType>
export type WebhookEventData<E extends WebhookEvent> = z.infer<(typeof WebhookEventData)[E]>

/** A delivery's body (Standard Webhooks' shape): the event, when it happened, and its data. */
export const webhookPayloadOf = <E extends WebhookEvent>(event: E) =>
  z.strictObject({ type: z.literal(event), timestamp: z.string(), data: WebhookEventData[event] })

/** Webhooks one organization may have: each event writes one delivery per subscribed webhook in the change's transaction. */
export const WEBHOOK_LIMIT = 10

/** Standard Webhooks' secret form: `whsec_` and the base64 of the key (24 random bytes). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** How long one try may take (connect, send, answer) before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5_000

/** Deliveries are tried again for this long after the event, then given up on. */
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600

/** The wait before the next try after `attempts` tries: 1 min, 5 min, 30 min, 2 h, 5 h, then 10 h. */
const DELAYS = [60, 300, 1800, 7200, 18_000, 36_000] as const
export const webhookRetryDelaySeconds = (attempts: number): number =>
  DELAYS[Math.min(Math.max(attempts, 1), DELAYS.length) - 1]!

/**
 * When to try a delivery made at `createdAt` again after its `attempts`-th try failed at `now`
 * (both epoch ms): the backoff, but never later than the end of the 24-hour window, whose end
 * gets one last try; null once that last try has been made (the delivery is given up on).
 */
export const nextWebhookAttemptAt = (createdAt: number, attempts: number, now: number): number | null => {
  const end = createdAt + WEBHOOK_RETRY_WINDOW_SECONDS * 1000
  if (now >= end) return null
  return Math.min(now + webhookRetryDelaySeconds(attempts) * 1000, end)
}

export const webhookMessages = {
  url: 'Enter a valid http or https URL',
  https: 'The URL must use https',
  credentials: 'The URL may not contain a user name or password',
  privateAddress: 'The URL may not point to a private, loopback or link-local address',
  limit: `An organization may have at most ${WEBHOOK_LIMIT} webhooks`,
} as const

/** The four numbers of a dotted IPv4 address, or undefined when it is not one. */
const ipv4Parts = (ip: string): number[] | undefined => {
  const parts = ip.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined
  const nums = parts.map(Number)
  return nums.every((n) => n <= 255) ? nums : undefined
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail allowed), or undefined. */
const ipv6Groups = (input: string): number[] | undefined => {
  const ip = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ip.includes(':')) return undefined
  let text = ip
  const lastColon = text.lastIndexOf(':')
  const v4 = ipv4Parts(text.slice(lastColon + 1))
  if (v4) {
    const hex = (n: number) => n.toString(16)
    text = `${text.slice(0, lastColon + 1)}${hex((v4[0]! << 8) | v4[1]!)}:${hex((v4[2]! << 8) | v4[3]!)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const parse = (s: string) => (s === '' ? [] : s.split(':'))
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  if (![...head, ...rest].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return undefined
  const known = head.length + rest.length
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined
  return [...head.map((g) => parseInt(g, 16)), ...Array<number>(8 - known).fill(0), ...rest.map((g) => parseInt(g, 16))]
}

const forbiddenV4 = ([a, b, c]: number[]): boolean =>
  a === 0 || // "this network"
  a === 10 || // private
  a === 127 || // loopback
  (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT (shared)
  (a === 169 && b === 254) || // link-local (and the cloud metadata address)
  (a === 172 && b! >= 16 && b! <= 31) || // private
  (a === 192 && b === 168) || // private
  (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
  (a === 198 && (b === 18 || b === 19)) || // benchmarking
  a! >= 224 // multicast, reserved and broadcast

/**
 * True when a delivery may not go to this resolved address on AWS: private, loopback, link-local,
 * unspecified, shared (CGNAT), multicast or reserved, in IPv4 or IPv6 (IPv4-mapped, NAT64 and
 * 6to4 forms are judged by the IPv4 address they carry). Anything that is not an address is refused too.
 */
export const isForbiddenAddress = (ip: string): boolean => {
  const v4 = ipv4Parts(ip)
  if (v4) return forbiddenV4(v4)
  const g = ipv6Groups(ip)
  if (!g) return true
  const embedded = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255]
  if (g.slice(0, 8).every((x) => x === 0)) return true // unspecified ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true // loopback ::1
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return forbiddenV4(embedded(g[6]!, g[7]!)) // mapped / compatible
  if (g[0] === 0x64 && g[1] === 0xff9b) return forbiddenV4(embedded(g[6]!, g[7]!)) // NAT64
  if (g[0] === 0x2002) return forbiddenV4(embedded(g[1]!, g[2]!)) // 6to4
  if ((g[0]! & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((g[0]! & 0xffc0) === 0xfec0) return true // site-local (deprecated)
  if ((g[0]! & 0xff00) === 0xff00) return true // multicast
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true // documentation
  return false
}

/** True when `host` (a URL's hostname) is an IP address literal rather than a name. */
export const isAddressLiteral = (host: string) => Boolean(ipv4Parts(host) ?? ipv6Groups(host))

/**
 * Why a webhook may not have this URL, or undefined when it may. `local` is the local stack, which
 * may deliver over http and to loopback (so tests can receive); on AWS only https, and an address
 * written in the URL is judged at once (names are judged at each delivery, after DNS).
 */
export const webhookUrlProblem = (url: string, local: boolean): string | undefined => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return webhookMessages.url
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return webhookMessages.url
  if (!parsed.hostname) return webhookMessages.url
  if (parsed.username || parsed.password) return webhookMessages.credentials
  if (local) return undefined
  if (parsed.protocol !== 'https:') return webhookMessages.https
  if (parsed.hostname === 'localhost' || parsed.hostname.endsWith('.localhost')) return webhookMessages.privateAddress
  if (isAddressLiteral(parsed.hostname) && isForbiddenAddress(parsed.hostname)) return webhookMessages.privateAddress
  return undefined
}

/** Why a delivery may not connect to `address` (the DNS answer it is about to use), or undefined. */
export const deliveryAddressProblem = (address: string, local: boolean): string | undefined =>
  local || !isForbiddenAddress(address) ? undefined : webhookMessages.privateAddress
