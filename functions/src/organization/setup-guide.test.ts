import { describe, expect, it } from 'vitest'
import { keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import getSettings from './get-settings.ts'
import updateSettings from './update-settings.ts'
import updateSetupGuide from './update-setup-guide.ts'

const settingsAs = async (cookie: string) => (await callRoute(getSettings, { cookies: [cookie] })).json

describe('setup guide progress', () => {
  it('keeps each step done or skipped on the organization, for every supervisor', async () => {
    const { cookie } = await newOrganization()
    const coSupervisor = await newStaffMember(cookie, 'supervisor')
    const skipped = await callRoute(updateSetupGuide, {
      cookies: [cookie],
      body: { step: 'payPeriod', state: 'skipped' },
    })
    expect(skipped.status).toBe(200)
    expect(skipped.json.setupGuide).toEqual({ payPeriod: 'skipped' })
    const done = await callRoute(updateSetupGuide, {
      cookies: [coSupervisor.cookie],
      body: { step: 'timeZone', state: 'done' },
    })
    expect(done.json.setupGuide).toEqual({ payPeriod: 'skipped', timeZone: 'done' })
    // Read again on another session: the progress is the organization's, not the device's.
    expect((await settingsAs(cookie)).setupGuide).toEqual({ payPeriod: 'skipped', timeZone: 'done' })
  })

  it('refuses an unknown step or state (400) and staff (403), changing nothing', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    for (const body of [{ step: 'payroll', state: 'done' }, { step: 'members', state: 'maybe' }, {}]) {
      const res = await callRoute(updateSetupGuide, { cookies: [cookie], body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const refused = await callRoute(updateSetupGuide, {
      cookies: [staff.cookie],
      body: { step: 'members', state: 'done' },
    })
    expect(refused.status).toBe(403)
    expect((await settingsAs(cookie)).setupGuide).toEqual({})
  })
})

describe('working days', () => {
  it('are Monday to Friday until changed, and are stored in week order', async () => {
    const { cookie } = await newOrganization()
    expect((await settingsAs(cookie)).workingDays).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])
    const res = await callRoute(updateSettings, {
      cookies: [cookie],
      body: { organizationName: 'Grace', workingDays: ['sunday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
    })
    expect(res.status).toBe(200)
    expect((await settingsAs(cookie)).workingDays).toEqual(['tuesday', 'wednesday', 'thursday', 'friday', 'sunday'])
  })

  it('refuses a day that is not a weekday name or a day twice, changing nothing', async () => {
    const { cookie } = await newOrganization()
    for (const workingDays of [['funday'], ['monday', 'monday'], 'monday']) {
      const res = await callRoute(updateSettings, { cookies: [cookie], body: { organizationName: 'X', workingDays } })
      expect(res.status, JSON.stringify(workingDays)).toBe(400)
      expect(res.json.fields.workingDays ?? res.json.fields['workingDays.0']).toBeDefined()
    }
    const after = await settingsAs(cookie)
    expect(after.organizationName).not.toBe('X')
    expect(after.workingDays).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])
  })
})

describe('first supervisor', () => {
  it('is the member who created the organization, not a supervisor added later', async () => {
    const { cookie } = await newOrganization()
    const coSupervisor = await newStaffMember(cookie, 'supervisor')
    expect((await settingsAs(cookie)).firstSupervisor).toBe(true)
    expect((await settingsAs(coSupervisor.cookie)).firstSupervisor).toBe(false)
  })

  it('is read from the first sign-in for an organization stored before its creator was kept', async () => {
    const { cookie, organization } = await newOrganization()
    const coSupervisor = await newStaffMember(cookie, 'supervisor')
    await table.update(keys.organization(organization.id), { UpdateExpression: 'REMOVE createdBy' })
    expect((await settingsAs(cookie)).firstSupervisor).toBe(true)
    expect((await settingsAs(coSupervisor.cookie)).firstSupervisor).toBe(false)
  })
})
