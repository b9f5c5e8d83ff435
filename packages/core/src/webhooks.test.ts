import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  deliveryAddressProblem,
  isForbiddenAddress,
  nextWebhookAttemptAt,
  WEBHOOK_RETRY_WINDOW_SECONDS,
  webhookMessages,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
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
