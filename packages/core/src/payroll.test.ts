import { describe, expect, it } from 'vitest'
import * as payroll from './payroll.ts'
import { User } from './user.ts'

describe('payroll messages', () => {
  it('names every member without a payroll id', () => {
    expect(payroll.missingPayrollIdMessage(['Tom Pastor', 'Ana Silva'])).toBe(
      'These members have no payroll id: Tom Pastor, Ana Silva',
    )
  })
})

describe('payroll requests', () => {
  it('edit any subset of a member; an empty payroll id clears it', () => {
    expect(payroll.MemberUpdate.parse({})).toEqual({})
    expect(payroll.MemberUpdate.parse({ payType: 'minister', payrollId: ' G7K2P9 ' })).toEqual({
      payType: 'minister',
      payrollId: 'G7K2P9',
    })
    expect(payroll.MemberUpdate.parse({ payrollId: '' })).toEqual({ payrollId: null })
    expect(payroll.MemberUpdate.parse({ payrollId: null })).toEqual({ payrollId: null })
    expect(payroll.MemberUpdate.safeParse({ payrollId: 'x'.repeat(40) }).success).toBe(true)
    expect(payroll.MemberUpdate.safeParse({ payrollId: 'x'.repeat(41) }).success).toBe(false)
    expect(payroll.MemberUpdate.safeParse({ payType: 'pastor' }).success).toBe(false)
    expect(payroll.MemberUpdate.safeParse({ firstName: ' ' }).success).toBe(false)
  })

  it('answer a stored member without pay facts as non-exempt with no payroll id', () => {
    const user = User.parse({
      id: 'u',
      organizationId: 'o',
      email: null,
      firstName: 'A',
      lastName: 'B',
      profileImageUrl: null,
      department: null,
      role: 'employee',
      supervisorId: null,
      username: null,
      authType: 'local',
      createdAt: '',
      updatedAt: '',
    })
    expect(user).toMatchObject({ payType: 'non-exempt', payrollId: null })
  })

  it('check payroll settings: thresholds in quarter hours, double time after daily overtime', () => {
    const settings = payroll.PayrollSettingsUpdate
    expect(settings.parse({ weeklyOvertimeHours: 37.5, dailyOvertimeHours: null })).toEqual({
      weeklyOvertimeHours: 37.5,
      dailyOvertimeHours: null,
    })
    expect(settings.safeParse({ weeklyOvertimeHours: 0 }).success).toBe(false)
    expect(settings.safeParse({ weeklyOvertimeHours: 168 }).success).toBe(true)
    expect(settings.safeParse({ weeklyOvertimeHours: 168.25 }).success).toBe(false)
    expect(settings.safeParse({ weeklyOvertimeHours: 40.1 }).success).toBe(false)
    expect(settings.safeParse({ dailyOvertimeHours: 8, dailyDoubleTimeHours: 8 }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['dailyDoubleTimeHours'],
        message: 'Double time must start after daily overtime',
      }),
    ])
    expect(settings.safeParse({ dailyOvertimeHours: 8, dailyDoubleTimeHours: 8.25 }).success).toBe(true)
    expect(settings.parse({ adpCompanyCode: '' })).toEqual({ adpCompanyCode: null })
    expect(settings.parse({ adpCompanyCode: 'X1_', adpBatchId: 'TIME-1' })).toEqual({
      adpCompanyCode: 'X1_',
      adpBatchId: 'TIME-1',
    })
    expect(settings.safeParse({ adpBatchId: 'TIME 1' }).success).toBe(false)
    expect(settings.safeParse({ adpBatchId: 'TIME1!' }).success).toBe(false)
    // One daily threshold alone is fine.
    expect(settings.safeParse({ dailyOvertimeHours: 8 }).success).toBe(true)
    expect(settings.safeParse({ dailyDoubleTimeHours: 12 }).success).toBe(true)
    expect(settings.safeParse({ dailyOvertimeHours: 8, dailyDoubleTimeHours: null }).success).toBe(true)
    expect(settings.safeParse({ adpCompanyCode: '=1+2' }).success).toBe(false)
    expect(settings.safeParse({ adpCompanyCode: 'ABCD' }).success).toBe(false)
    expect(settings.safeParse({ volunteerHourlyRate: -1 }).success).toBe(false)
    expect(settings.safeParse({ payPeriodAnchor: '2026-02-30' }).success).toBe(false)
    expect(settings.safeParse({ payPeriodFrequency: 'daily' }).success).toBe(false)
  })

  it('take date ranges in order, up to a year', () => {
    expect(payroll.DateRange.safeParse({ from: '2026-11-16', to: '2026-11-16' }).success).toBe(true)
    expect(payroll.DateRange.safeParse({ from: '2026-11-17', to: '2026-11-16' }).success).toBe(false)
    expect(payroll.DateRange.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true)
    expect(payroll.DateRange.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(true)
    expect(payroll.DateRange.safeParse({ from: '2026-01-01', to: '2027-01-02' }).success).toBe(false)
    expect(payroll.ExportRequest.safeParse({ format: 'xlsx', from: '2026-11-16', to: '2026-11-29' }).success).toBe(
      false,
    )
    expect(payroll.ExportRequest.safeParse({ format: 'adp', from: '2026-11-30', to: '2026-11-29' }).success).toBe(false)
  })

  it('list 1 to 26 periods, and reopen only with a reason of up to 500 characters', () => {
    expect(payroll.PeriodsQuery.parse({ count: '3' })).toEqual({ count: 3 })
    expect(payroll.PeriodsQuery.safeParse({ count: '0' }).success).toBe(false)
    expect(payroll.PeriodsQuery.safeParse({ count: '27' }).success).toBe(false)
    expect(payroll.ReopenPeriod.safeParse({ reason: '  ' }).success).toBe(false)
    expect(payroll.ReopenPeriod.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true)
    expect(payroll.ReopenPeriod.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false)
  })
})
