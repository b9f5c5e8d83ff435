import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatDate,
  formatDateRange,
  formatDollars,
  formatHours,
  formatNumber,
  formatPayrollHours,
  formatUsage,
  formatZoneName,
} from './format.ts'

describe("dates, hours and money in the reader's language", () => {
  afterEach(() => i18next.changeLanguage('en'))

  it('keeps the English forms the spec shows', () => {
    expect(formatDate('2026-11-16')).toBe('Nov 16, 2026')
    expect(formatDate('2026-11-16', 'short')).toBe('Nov 16')
    expect(formatDate('2026-11-16', 'long')).toBe('November 16, 2026')
    expect(formatDateRange('2026-11-16')).toBe('Nov 16, 2026 - Nov 22, 2026')
    expect(formatHours(1)).toBe('1.0 hours')
    expect(formatHours(7.5)).toBe('7.5 hours')
    expect(formatDollars(1339.6)).toBe('$1,339.60')
  })

  it('writes Spanish dates and hours in Spanish', async () => {
    await i18next.changeLanguage('es')
    expect(formatDate('2026-11-16')).toBe('16 nov 2026')
    expect(formatDate('2026-11-16', 'long')).toBe('16 de noviembre de 2026')
    expect(formatDateRange('2026-11-16')).toBe('16 nov 2026 - 22 nov 2026')
    // Spanish writes a decimal comma, whatever the dates' locale (es-US).
    expect(formatHours(7.5)).toBe('7,5 horas')
    expect(formatPayrollHours(1234.5)).toBe('1234,50')
  })

  it('writes numbers and zone names as the reader’s language does, not as the browser in Los Angeles does', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    expect(formatNumber(6.3)).toBe('6.3')
    expect(formatZoneName('America/Denver')).toBe('Mountain Time')
    await i18next.changeLanguage('es')
    expect(formatNumber(6.3)).toBe('6,3')
    expect(formatZoneName('America/Denver')).toBe('hora de las Montañas Rocosas')
    vi.restoreAllMocks()
  })

  it('says when a credential was made and last used on the organization’s 24-hour clock, whatever the browser’s, or that it never was', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const made = { createdAt: '2026-11-16T15:30:00Z', lastUsedAt: null }
    expect(formatUsage(made, 'never', 'America/Chicago')).toEqual({ created: 'Nov 16, 2026, 09:30', used: 'never' })
    expect(formatUsage({ ...made, lastUsedAt: '2026-11-17T01:05:00Z' }, 'never', 'America/Denver')).toEqual({
      created: 'Nov 16, 2026, 08:30',
      used: 'Nov 16, 2026, 18:05',
    })
    vi.restoreAllMocks()
  })
})
