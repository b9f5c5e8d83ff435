import { describe, expect, it } from 'vitest'
import { defaultNotificationSettings } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { createUnsubscribeToken } from '../workflows/unsubscribe-links.ts'
import confirmUnsubscribe from './confirm-unsubscribe.ts'
import getMyNotifications from './get-my-notifications.ts'
import getSettings from '../organization/get-settings.ts'
import getNotifications from './get-notifications.ts'
import showUnsubscribe from './show-unsubscribe.ts'
import updateMyNotifications from './update-my-notifications.ts'
import updateNotifications from './update-notifications.ts'

const oneClick = (token: string, cookies: string[] = []) =>
  postLinkForm(confirmUnsubscribe, token, 'List-Unsubscribe=One-Click', cookies)

describe('Settings → Notifications', () => {
  it('gives a new organization the defaults; supervisors change them, staff cannot, bad values are refused', async () => {
    const { organization, cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    expect((await callRoute(getSettings, { cookies: [staff.cookie] })).json.clockOutLimitHours).toBe(10)
    const got = await callRoute(getNotifications, { cookies: [cookie] })
    expect(got.json).toEqual({ ...defaultNotificationSettings('monday'), optedOut: [] })

    const changed = {
      ...got.json,
      optedOut: undefined,
      staffReminder: { day: 'thursday', time: '15:30' },
      forgottenTimerHours: 12,
    }
    const put = await callRoute(updateNotifications, { cookies: [cookie], body: changed })
    expect(put.status).toBe(200)
    expect((await callRoute(getNotifications, { cookies: [cookie] })).json).toMatchObject({
      staffReminder: { day: 'thursday', time: '15:30' },
      forgottenTimerHours: 12,
    })
    // The clock-out limit is the organization's, recorded like every change, and members read it.
    const records = await orgDb(organization.id).audit.list({ action: 'settings.changed', limit: 10 })
    expect(JSON.stringify(records)).toContain('forgottenTimerHours')
    expect((await callRoute(getSettings, { cookies: [staff.cookie] })).json.clockOutLimitHours).toBe(12)

    const bad = await callRoute(updateNotifications, {
      cookies: [cookie],
      body: { ...changed, supervisorDigest: { day: 'monday', time: '25:00' }, forgottenTimerHours: 0 },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.fields).toMatchObject({
      'supervisorDigest.time': 'Use a time like 16:00',
      forgottenTimerHours: 'At least 4 hours',
    })
    const tooLong = await callRoute(updateNotifications, {
      cookies: [cookie],
      body: { ...changed, forgottenTimerHours: 17 },
    })
    expect(tooLong.json.fields).toEqual({ forgottenTimerHours: 'At most 16 hours' })
    expect((await callRoute(updateNotifications, { cookies: [staff.cookie], body: changed })).status).toBe(403)
    expect((await callRoute(getNotifications, { cookies: [staff.cookie] })).status).toBe(403)
  })
})

describe('unsubscribe', () => {
  it('one click turns that kind off for that member only, with no session; the profile turns it back on; supervisors see it', async () => {
    const { organization, cookie } = await newOrganization()
    const [ana, ben] = await Promise.all([newStaffMember(cookie), newStaffMember(cookie)])
    const db = orgDb(organization.id)
    const token = await createUnsubscribeToken({ orgId: organization.id, userId: ana.user.id, kind: 'reminder' })

    const page = await callRoute(showUnsubscribe, { params: { token } })
    expect(page.status).toBe(200)
    expect(page.text).toContain('Weekly timesheet reminders')
    expect(await db.notifications.optOuts(ana.user.id)).toEqual([])

    const done = await oneClick(token)
    expect(done.status).toBe(200)
    expect(done.text).toContain('You are unsubscribed')
    expect(await db.notifications.optOuts(ana.user.id)).toEqual(['reminder'])
    expect(await db.notifications.optOuts(ben.user.id)).toEqual([])
    expect((await oneClick(token)).status).toBe(200)

    const listed = await callRoute(getNotifications, { cookies: [cookie] })
    expect(listed.json.optedOut).toEqual([{ userId: ana.user.id, name: 'Ana Silva', kinds: ['reminder'] }])

    expect((await callRoute(getMyNotifications, { cookies: [ana.cookie] })).json).toEqual({ optedOut: ['reminder'] })
    const back = await callRoute(updateMyNotifications, {
      cookies: [ana.cookie],
      body: { kind: 'reminder', subscribed: true },
    })
    expect(back.json).toEqual({ optedOut: [] })
    expect(await db.notifications.optOuts(ana.user.id)).toEqual([])
  })

  it("refuses a tampered token: another member's id under Ana's signature changes nothing", async () => {
    const { organization, cookie } = await newOrganization()
    const [ana, ben] = await Promise.all([newStaffMember(cookie), newStaffMember(cookie)])
    const token = await createUnsubscribeToken({ orgId: organization.id, userId: ana.user.id, kind: 'digest' })
    const [, signature] = token.split('.')
    const forged = `${Buffer.from(JSON.stringify([organization.id, ben.user.id, 'digest'])).toString('base64url')}.${signature}`
    for (const res of [
      await oneClick(forged, [ben.cookie]),
      await callRoute(showUnsubscribe, { params: { token: forged } }),
    ]) {
      expect(res.status).toBe(404)
      expect(res.text).toContain('This link is not valid')
    }
    expect(await orgDb(organization.id).notifications.optOuts(ben.user.id)).toEqual([])
  })
})
