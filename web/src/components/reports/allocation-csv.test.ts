import { describe, expect, it } from 'vitest'
import type { AllocationReport } from '@app/core'
import { allocationCsv, allocationFileName, budgetUsedPercent } from './allocation-csv.ts'

const report: AllocationReport = {
  codes: [
    {
      code: 'youth',
      name: 'Youth (Grant A)',
      hours: 30,
      percent: 75,
      budgetHours: 30,
      members: [{ employeeId: 'm1', firstName: 'Ana', lastName: 'Ruiz', hours: 30, percent: 75 }],
    },
    {
      code: 'admin',
      name: '=Administration',
      hours: 10,
      percent: 25,
      budgetHours: null,
      members: [{ employeeId: 'm1', firstName: 'Ana', lastName: 'Ruiz', hours: 10, percent: 25 }],
    },
    { code: 'unallocated', name: 'Unallocated', hours: 0, percent: 0, budgetHours: null, members: [] },
  ],
  volunteers: [{ code: 'pantry', name: 'Food pantry', hours: 6, value: 200.94 }],
}

describe('allocationCsv', () => {
  it('writes the codes with their budget, each member per code, and volunteer hours, formula-safe', () => {
    expect(allocationCsv(report, '2026-11-16', '2026-11-22').slice(1).split('\r\n')).toEqual([
      'Ministries and funds,2026-11-16 to 2026-11-22',
      '',
      'Ministry or fund,Hours,Percent,Budget hours,Budget hours remaining',
      'Youth (Grant A),30.00,75.00,30.00,0.00',
      "'=Administration,10.00,25.00,,",
      'Unallocated,0.00,0.00,,',
      '',
      'Ministry or fund,Member,Hours,Percent of their hours',
      'Youth (Grant A),Ana Ruiz,30.00,75.00',
      "'=Administration,Ana Ruiz,10.00,25.00",
      '',
      'Ministry or fund,Volunteer hours,Value (USD)',
      'Food pantry,6.00,200.94',
      '',
    ])
    expect(allocationFileName('2026-11-16', '2026-11-22')).toBe('allocation-2026-11-16-to-2026-11-22.csv')
  })

  it('gives the share of a budget used, none without a budget', () => {
    expect(budgetUsedPercent(27, 30)).toBe(90)
    expect(budgetUsedPercent(10, null)).toBeNull()
    expect(budgetUsedPercent(10, 0)).toBeNull()
  })
})
