import fc from 'fast-check'
import { NewMember, OrganizationSettingsUpdate, TimesheetDays } from '@app/core'

/**
 * Hostile input for every route, as JSON text (so keys such as `__proto__` stay own keys, as
 * they arrive from a real client) and as query and path strings.
 */

const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

export const TIME_EDGES = [
  '24:00',
  '23:60',
  '-1:00',
  ' 09:00',
  '9:00',
  '09:00:00',
  '0900',
  '12:5',
  '٠٩:٠٠',
  '09:00\u0000',
]
export const DATE_EDGES = [
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '2026-1-5',
  '+02026-01-05',
  // A timestamp names no one day (midnight UTC is the day itself: a Date written as JSON).
  '2026-01-05T06:00:00Z',
  '1999-12-27',
  '2101-01-03',
  '２０２６-０１-０５',
]
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

export const HOSTILE_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '😀'.repeat(50_000),
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'a\u0000b',
  '\u0000',
  '\uFEFF',
  '\uD800',
  'Ω≈ç√∫˜µ≤≥÷',
  "' OR '1'='1",
  '1; DROP TABLE timesheets;--',
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%E0%A4%A',
  '\r\nSet-Cookie: sid=x',
  'ORG#00000000-0000-0000-0000-000000000000',
  'TS#000000000001',
  ...PROTO_KEYS,
  ...TIME_EDGES,
  ...DATE_EDGES,
  '1e308',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '0x10',
  '9999999999999999',
  '999999999999999',
  ' 1',
  '1 ',
  '١',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]

/** JSON literals of every other type, deep nesting and prototype-pollution shapes. */
const HOSTILE_LITERALS = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '9007199254740993',
  '[]',
  '{}',
  '[1,2,3]',
  '{"$ne":null}',
  '{"$gt":""}',
  deepObject(1000),
  deepArray(1000),
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
]

/** Bodies that are not JSON at all, or not quite. */
const MALFORMED = ['', '{', '{"a":', "{'a':1}", 'undefined', '\u0000', '{"a":1}}', '[', 'NaN', '{"a":1,}', '\uFEFF{}']

export const FIELD_NAMES = [
  ...Object.keys(TimesheetDays.shape),
  ...Object.keys(NewMember.shape),
  ...Object.keys(OrganizationSettingsUpdate.shape),
  'weekStartDate',
  'version',
  'status',
  'comments',
  'dataUrl',
  'priceId',
  'couponCode',
  'username',
  'password',
]
export const QUERY_NAMES = ['start', 'end', 'status', 'cursor', 'limit', 'returnTo', 'tz', 'state', 'code', 'error']

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
)

/**
 * A hostile value as JSON text: a hostile string, or a literal of another type. Plain whole
 * numbers other than 0 and -1 are left to the concurrency suite, where a stale version is a
 * conflict rather than bad input.
 */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: text.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_LITERALS) },
)

/** Any JSON value at all, for whole bodies and for fields no route has. */
const anyJson = fc.oneof(
  hostileJson,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
)

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`

/**
 * A hostile body: a valid request's body with one field made hostile (so validation of the
 * other fields does not hide it), an object of hostile fields, a value of another type, or
 * text that is not JSON.
 */
export const hostileBody = (base: Record<string, unknown>): fc.Arbitrary<string> => {
  const baseEntries = Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)] as [string, string])
  const keys = [...new Set([...Object.keys(base), ...FIELD_NAMES, ...PROTO_KEYS])]
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), hostileJson)
        .map(([k, v]) => objectText([...baseEntries.filter(([bk]) => bk !== k), [k, v]])),
    },
    { weight: 2, arbitrary: fc.array(fc.tuple(key, anyJson), { maxLength: 6 }).map(objectText) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED) },
  )
}

/** A hostile query string's parameters (API Gateway hands every value over as a string). */
export const hostileQuery = (base: Record<string, string> = {}): fc.Arbitrary<Record<string, string>> =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.constantFrom(...PROTO_KEYS)), text), {
      maxLength: 4,
    })
    .map((entries) => Object.fromEntries([...Object.entries(base), ...entries]))

/** A real client cannot put a lone surrogate in a URL: encodeURIComponent throws on it. */
const encodable = (s: string) => {
  try {
    encodeURIComponent(s)
    return true
  } catch {
    return false
  }
}

/** Each path parameter either the real object or a hostile string. */
export const hostileParams = (real: Record<string, string>): fc.Arbitrary<Record<string, string>> =>
  fc.record(
    Object.fromEntries(
      Object.entries(real).map(([name, value]) => [
        name,
        fc.oneof({ weight: 1, arbitrary: fc.constant(value) }, { weight: 3, arbitrary: text.filter(encodable) }),
      ]),
    ),
  )
