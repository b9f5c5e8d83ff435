import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './return-to.ts'

const origin = 'https://timesheets.example.org'

describe('safeReturnTo: only a path of our own origin survives', () => {
  it.each([
    ['/reports', '/reports'],
    ['/submit-timesheet?week=2026-01-05#top', '/submit-timesheet?week=2026-01-05#top'],
    ['/a/b/../c', '/a/c'],
  ])('keeps %s', (input, expected) => {
    expect(safeReturnTo(input, origin)).toBe(expected)
  })

  it.each([
    undefined,
    '',
    'reports',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    '/\u0000/evil.example',
    '/\u00a0/evil.example',
    '/\\/evil.example',
    '/x\\y',
    'https://evil.example/',
    'http://timesheets.example.org/reports',
    'javascript:alert(1)',
    '/\u2028/evil.example',
  ])('refuses %j and falls back to /', (input) => {
    expect(safeReturnTo(input as string | undefined, origin)).toBe('/')
  })
})
