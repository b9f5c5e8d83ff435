import { describe, expect, it } from 'vitest'
import { keys, table } from '@app/data/testing'
import { callRoute, sessionCookieFor } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import getUser from '../auth/get-user.ts'
import staffLogin from '../staff/staff-login.ts'
import resetPassword from './reset-password.ts'

describe('POST /api/employees/{id}/reset-password', () => {
  it("ends the member's sessions; the new password signs in and the old one no longer does", async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const res = await callRoute(resetPassword, { cookies: [cookie], params: { id: staff.user.id } })
    expect(res.status).toBe(200)
    const { username, password } = res.json.temporaryCredentials
    expect(username).toBe(staff.credentials.username)
    expect(password).not.toBe(staff.credentials.password)
    expect((await callRoute(getUser, { cookies: [staff.cookie] })).status).toBe(401)
    expect((await callRoute(staffLogin, { body: staff.credentials })).status).toBe(401)
    expect((await callRoute(staffLogin, { body: { username, password } })).status).toBe(200)
  })

  it('ends a session that the sessions index had not listed yet (which would otherwise stay valid after the reset)', async () => {
    const { cookie, organization } = await newOrganization()
    const staff = await newStaffMember(cookie)
    // A session made a moment before the reset, which the eventually consistent index does not show yet.
    const late = await sessionCookieFor({ userId: staff.user.id, orgId: organization.id })
    const listed = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.userSessions(organization.id, staff.user.id) },
    })
    for (const item of listed)
      await table.update({ pk: String(item.pk), sk: String(item.sk) }, { UpdateExpression: 'REMOVE gsi1pk, gsi1sk' })
    expect((await callRoute(getUser, { cookies: [late] })).status).toBe(200)

    await new Promise((r) => setTimeout(r, 5))
    expect((await callRoute(resetPassword, { cookies: [cookie], params: { id: staff.user.id } })).status).toBe(200)
    expect((await callRoute(getUser, { cookies: [late] })).status).toBe(401)
    // A sign-in after the reset works.
    const after = await sessionCookieFor({ userId: staff.user.id, orgId: organization.id })
    expect((await callRoute(getUser, { cookies: [after] })).status).toBe(200)
  })

  it('is for supervisors of the same organization', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const other = await newOrganization()
    expect((await callRoute(resetPassword, { cookies: [staff.cookie], params: { id: staff.user.id } })).status).toBe(
      403,
    )
    expect((await callRoute(resetPassword, { cookies: [other.cookie], params: { id: staff.user.id } })).status).toBe(
      404,
    )
    expect((await callRoute(staffLogin, { body: staff.credentials })).status).toBe(200)
  })

  it('refuses members who sign in with an identity provider', async () => {
    const { cookie, supervisor } = await newOrganization()
    expect((await callRoute(resetPassword, { cookies: [cookie], params: { id: supervisor.id } })).status).toBe(400)
  })
})
