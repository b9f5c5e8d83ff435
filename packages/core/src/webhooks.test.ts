import { BlockList } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  deliveryAddressProblem,
  isAddressLiteral,
  isForbiddenAddress,
  nextWebhookAttemptAt,
  WEBHOOK_RETRY_WINDOW_SECONDS,
  webhookMessages,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
  WebhookEvent,
  WebhookEventData,
  webhookPayloadOf,
} from './webhooks.ts'
import { WebhookInput } from './api/webhooks.ts'

describe('addresses a delivery may not reach on AWS', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    'not-an-address',
    '1.2.3',
    '1:2:3',
  ])('%s is refused', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])(
    '%s is allowed',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false)
    },
  )

  it('judges an IPv4-mapped IPv6 address exactly as the IPv4 address it carries', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isForbiddenAddress(`::ffff:${ip}`)).toBe(isForbiddenAddress(ip))
      }),
    )
  })

  it('refuses every 10/8, 127/8 and 192.168/16 address, whatever follows', () => {
    const octet = fc.integer({ min: 0, max: 255 })
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        expect(isForbiddenAddress(`10.${b}.${c}.${d}`)).toBe(true)
        expect(isForbiddenAddress(`127.${b}.${c}.${d}`)).toBe(true)
        expect(isForbiddenAddress(`192.168.${c}.${d}`)).toBe(true)
      }),
    )
  })

  it('the local stack may deliver anywhere, AWS only to public addresses', () => {
    expect(deliveryAddressProblem('127.0.0.1', true)).toBeUndefined()
    expect(deliveryAddressProblem('127.0.0.1', false)).toBe(webhookMessages.privateAddress)
    expect(deliveryAddressProblem('8.8.8.8', false)).toBeUndefined()
  })
})

describe('webhook URLs', () => {
  it('on AWS: https only, no credentials, no private address literal, no localhost', () => {
    expect(webhookUrlProblem('https://hooks.example.org/x', false)).toBeUndefined()
    expect(webhookUrlProblem('http://hooks.example.org/x', false)).toBe(webhookMessages.https)
    expect(webhookUrlProblem('https://user:pw@hooks.example.org/', false)).toBe(webhookMessages.credentials)
    expect(webhookUrlProblem('https://127.0.0.1:8443/', false)).toBe(webhookMessages.privateAddress)
    expect(webhookUrlProblem('https://[::1]/', false)).toBe(webhookMessages.privateAddress)
    expect(webhookUrlProblem('https://169.254.169.254/latest', false)).toBe(webhookMessages.privateAddress)
    expect(webhookUrlProblem('https://localhost/', false)).toBe(webhookMessages.privateAddress)
    expect(webhookUrlProblem('ftp://example.org/', false)).toBe(webhookMessages.url)
    expect(webhookUrlProblem('not a url', false)).toBe(webhookMessages.url)
  })

  it('locally: http to loopback is allowed (tests receive deliveries)', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4567/hook', true)).toBeUndefined()
    expect(webhookUrlProblem('javascript:alert(1)', true)).toBe(webhookMessages.url)
  })

  it('the input names the field that is wrong', () => {
    const bad = WebhookInput.safeParse({ url: 'nope', events: [] })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['events', 'url'])
    const unknown = WebhookInput.safeParse({ url: 'https://example.org', events: ['timesheet.deleted'] })
    expect(unknown.error?.issues[0]?.message).toBe('Unknown event')
    const ok = WebhookInput.parse({ url: ' https://example.org ', events: ['member.added', 'member.added'] })
    expect(ok).toEqual({ url: 'https://example.org', events: ['member.added'] })
  })
})

describe('the retry schedule', () => {
  const window = WEBHOOK_RETRY_WINDOW_SECONDS * 1000

  it('backs off: the waits never shrink', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (n) => {
        expect(webhookRetryDelaySeconds(n + 1)).toBeGreaterThanOrEqual(webhookRetryDelaySeconds(n))
      }),
    )
    expect(webhookRetryDelaySeconds(1)).toBe(60)
  })

  it('never schedules a try after the 24-hour window, and stops once its end is reached', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: window * 2 }), (attempts, elapsed) => {
        const created = Date.UTC(2026, 10, 26)
        const next = nextWebhookAttemptAt(created, attempts, created + elapsed)
        if (elapsed >= window) expect(next).toBeNull()
        else {
          expect(next).not.toBeNull()
          expect(next!).toBeGreaterThan(created + elapsed)
          expect(next!).toBeLessThanOrEqual(created + window)
        }
      }),
    )
  })

  it('a receiver that always fails is tried 8 times over 24 hours, the last at its end', () => {
    const created = 0
    const tries = [0]
    let next = nextWebhookAttemptAt(created, 1, 0)
    while (next !== null) {
      tries.push(next)
      next = nextWebhookAttemptAt(created, tries.length, next)
    }
    expect(tries.length).toBe(8)
    expect(tries.at(-1)).toBe(window)
  })
})

/**
 * The same rule, judged independently: Node's own BlockList holding the ranges the rule names,
 * over every combination of the octets and groups at those ranges' edges (and the IPv6 forms
 * that carry an IPv4 address), written out in full and as URL hosts write them.
 */
describe('addresses at the edges of every range, against an independent list', () => {
  const blockList = (type: 'ipv4' | 'ipv6', subnets: [string, number][]) => {
    const list = new BlockList()
    for (const [net, prefix] of subnets) list.addSubnet(net, prefix, type)
    return list
  }
  const v4 = blockList('ipv4', [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['127.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['192.0.0.0', 24],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ])
  const v6 = blockList('ipv6', [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
  ])

  const firsts = [0, 1, 9, 10, 11, 99, 100, 101, 126, 127, 128, 168, 169, 170, 171, 172, 173, 191, 192, 193, 197, 198]
  const seconds = [0, 1, 15, 16, 17, 18, 19, 20, 31, 32, 63, 64, 65, 127, 128, 167, 168, 169, 253, 254, 255]
  const thirds = [0, 1, 2, 255]
  const v4Cases = [...firsts, 199, 223, 224, 239, 240, 255].flatMap((a) =>
    seconds.flatMap((b) => thirds.map((c) => `${a}.${b}.${c}.${(a + b + c) % 256}`)),
  )

  it('judges every IPv4 address as the list does', () => {
    const wrong = v4Cases.filter((ip) => isForbiddenAddress(ip) !== v4.check(ip, 'ipv4'))
    expect(wrong).toEqual([])
  })

  it('judges an IPv6 address carrying an IPv4 one (mapped, compatible, NAT64, 6to4) by that address', () => {
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16)
    const wrong = v4Cases.filter((ip) => {
      const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number]
      const expected = v4.check(ip, 'ipv4')
      return [
        `::ffff:${ip}`,
        `0:0:0:0:0:ffff:${hex(a, b)}:${hex(c, d)}`,
        `::${ip}`,
        `64:ff9b::${ip}`,
        `2002:${hex(a, b)}:${hex(c, d)}::1`,
      ].some((form) => isForbiddenAddress(form) !== expected)
    })
    expect(wrong).toEqual([])
  })

  it('judges every other IPv6 address as the list does, in full and as a URL host writes it', () => {
    const groups = [0, 1, 0xdb7, 0xdb8, 0xdb9, 0xfbff, 0xfc00, 0xfdff, 0xfe00, 0xfe7f, 0xfe80, 0xfebf, 0xfec0, 0xfeff]
    const heads = [...groups, 0x2001, 0x2600, 0xff00, 0xffff]
    const cases = heads.flatMap((h) =>
      groups.flatMap((second) => [0, 1, 2].map((last) => [h, second, 0, 0, 0, 0, 0, last].map((g) => g.toString(16)))),
    )
    const wrong = cases
      .filter((g) => !(g[0] === '64' && g[1] === 'ff9b') && g[0] !== '2002')
      .flatMap((g) => {
        const full = g.join(':')
        const host = new URL(`http://[${full}]`).hostname
        // Groups 3–6 are zero: an address with a first group of zero is the mapped or compatible form above.
        if (g[0] === '0' && g[1] === '0') return []
        return [full, host].filter((ip) => isForbiddenAddress(ip) !== v6.check(full, 'ipv6'))
      })
    expect(wrong).toEqual([])
  })

  it('refuses what is not an address, and knows an address literal from a name', () => {
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.a',
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      'g::1',
      '12345::1',
    ])
      expect([bad, isForbiddenAddress(bad)]).toEqual([bad, true])
    expect(isForbiddenAddress('8.255.255.255')).toBe(false)
    expect(isForbiddenAddress('[2600::1]')).toBe(false)
    expect(isForbiddenAddress('fe80::1%eth0')).toBe(true)
    expect(isForbiddenAddress('1:2:3:4:5:6:7::')).toBe(false)
    expect(isForbiddenAddress('::2:3:4:5:6:7:8')).toBe(false)
    for (const literal of ['8.8.8.8', '[2600::1]', '::1', '::ffff:8.8.8.8'])
      expect([literal, isAddressLiteral(literal)]).toEqual([literal, true])
    for (const name of ['example.com', '8.8.8', 'localhost', '8.8.8.256', '[2600::1::2]'])
      expect([name, isAddressLiteral(name)]).toEqual([name, false])
  })
})

describe('what a webhook event carries', () => {
  it('defines every event, and refuses a field it does not name (a name, an email, a comment, a kind of leave)', () => {
    for (const event of WebhookEvent.options) expect(WebhookEventData[event], event).toBeDefined()
    const by = { userId: 'u1' }
    const member = { memberId: 'm1', role: 'employee', by }
    expect(WebhookEventData['member.added'].parse(member)).toEqual(member)
    expect(() => WebhookEventData['member.added'].parse({ ...member, email: 'a@b.example' })).toThrow()
    const sheet = { timesheetId: 7, employeeId: 'e1', weekStartDate: '2026-11-23', status: 'rejected', by }
    expect(() => WebhookEventData['timesheet.rejected'].parse({ ...sheet, comments: 'Fix Monday' })).toThrow()
    const leave = {
      timeOffId: 't1',
      employeeId: 'e1',
      from: '2026-11-23',
      to: '2026-11-23',
      hours: 8,
      status: 'approved',
      by,
    }
    expect(() => WebhookEventData['time_off.approved'].parse({ ...leave, kind: 'sick' })).toThrow()
    expect(() => WebhookEventData['time_off.approved'].parse({ ...leave, by: { userId: 'u1', name: 'Ana' } })).toThrow()
    expect(
      webhookPayloadOf('time_off.approved').parse({ type: 'time_off.approved', timestamp: 'now', data: leave }),
    ).toBeTruthy()
  })
})
