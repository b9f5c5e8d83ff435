import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { orgDb, system } from '@app/data'
import { callRoute, sessionOf } from '../../test/support/test-event.ts'
import {
  newOrganization,
  signInAndChoose,
  signInChoiceOf,
  signInThroughIdentityProvider,
} from '../../test/support/test-identity.ts'
import addMember from '../members/add-member.ts'
import chooseSignIn from './choose-sign-in.ts'
import getSignInChoice from './get-sign-in-choice.ts'
import getUser from './get-user.ts'

/** A church whose supervisor added `email` as a supervisor: the invitation, and what it needs. */
const invited = async (name = 'Grace Church') => {
  const org = await newOrganization(name)
  const person = { email: `pastor-${randomUUID().slice(0, 8)}@grace.example`, firstName: 'Pat', lastName: 'Cole' }
  const added = await callRoute(addMember, {
    cookies: [org.cookie],
    body: { ...person, department: 'Admin', role: 'supervisor' },
  })
  expect(added.status, added.text).toBe(200)
  return { org, person, member: added.json as { id: string } }
}

const auditOf = async (orgId: string) =>
  (await orgDb(orgId).audit.list({})).items.flatMap((r) => r.changes ?? []).filter((c) => c.field === 'invitation')

describe('a first Supervisor Login of an invited address asks before it binds', () => {
  it('binds nothing and creates nothing at the callback: it sends the person to choose', async () => {
    const { org, person, member } = await invited()
    const res = await signInThroughIdentityProvider(person, { returnTo: '/reports' })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/sign-in/choice')
    expect(res.cookies.some((c) => c.startsWith('sid='))).toBe(false)
    expect(res.cookies.find((c) => c.startsWith('sign_in_choice='))).toMatch(
      /Path=\/api\/sign-in\/choice; HttpOnly; SameSite=Lax; Max-Age=600/,
    )
    // The invited member is still unbound, and the person has no account anywhere yet.
    expect(await system.openInvitations(person.email)).toHaveLength(1)
    expect(await orgDb(org.organization.id).users.find(member.id)).not.toHaveProperty('subject')

    const choice = await callRoute(getSignInChoice, { cookies: [signInChoiceOf(res.cookies)] })
    expect(choice.status, choice.text).toBe(200)
    expect(choice.json).toEqual({
      email: person.email,
      firstName: 'Pat',
      lastName: 'Cole',
      invitations: [
        { organizationId: org.organization.id, organizationName: org.organization.name, inviterName: 'Sam Grace' },
      ],
    })
  })

  it('joins the inviting organization only when the person chooses it, and goes where the sign-in was headed', async () => {
    const { org, person, member } = await invited()
    const signedIn = await signInThroughIdentityProvider(person, { returnTo: '/reports' })
    const cookie = signInChoiceOf(signedIn.cookies)
    const joined = await callRoute(chooseSignIn, {
      cookies: [cookie],
      body: { choice: 'join', organizationId: org.organization.id },
    })
    expect(joined.status, joined.text).toBe(200)
    expect(joined.json).toEqual({ returnTo: '/reports' })
    expect(joined.cookies.find((c) => c.startsWith('sign_in_choice='))).toMatch(/Max-Age=0/)
    const me = await callRoute(getUser, { cookies: [sessionOf(joined.cookies)] })
    expect(me.json).toMatchObject({ id: member.id, organizationId: org.organization.id, emailConfirmed: true })
    expect(await system.openInvitations(person.email)).toEqual([])
    expect(await auditOf(org.organization.id)).toContainEqual({
      field: 'invitation',
      before: person.email,
      after: 'accepted',
    })
    // The choice is spent; the next sign-in of the same person goes straight to the same member.
    expect((await callRoute(getSignInChoice, { cookies: [cookie] })).status).toBe(404)
    expect((await callRoute(chooseSignIn, { cookies: [cookie], body: { choice: 'own' } })).status).toBe(404)
    const again = await signInThroughIdentityProvider(person)
    expect(again.headers.location).toBe('/')
    expect((await callRoute(getUser, { cookies: [sessionOf(again.cookies)] })).json.id).toBe(member.id)
  })

  it('starts their own organization when they choose so, declining the invitation', async () => {
    const { org, person, member } = await invited()
    const own = await signInAndChoose(person, { choice: 'own' })
    expect(own.status, own.text).toBe(200)
    const me = (await callRoute(getUser, { cookies: [sessionOf(own.cookies)] })).json
    expect(me.organizationId).not.toBe(org.organization.id)
    expect(me).toMatchObject({ role: 'supervisor', email: person.email, firstName: 'Pat' })
    expect((await orgDb(me.organizationId).organization.get()).name).toBe("Pat Cole's Organization")
    // The inviting church's member stays unbound, its invitation declined and recorded there.
    expect(await orgDb(org.organization.id).users.find(member.id)).not.toHaveProperty('subject')
    expect(await system.openInvitations(person.email)).toEqual([])
    expect(await auditOf(org.organization.id)).toContainEqual({
      field: 'invitation',
      before: person.email,
      after: 'declined',
    })
    const again = await signInThroughIdentityProvider(person)
    expect((await callRoute(getUser, { cookies: [sessionOf(again.cookies)] })).json.id).toBe(me.id)
  })

  it('offers every open invitation, and joins the one chosen', async () => {
    const first = await invited('First Church')
    const second = await newOrganization('Second Church')
    await callRoute(addMember, {
      cookies: [second.cookie],
      body: { ...first.person, department: 'Admin', role: 'supervisor' },
    })
    const signedIn = await signInThroughIdentityProvider(first.person)
    const cookie = signInChoiceOf(signedIn.cookies)
    const choice = await callRoute(getSignInChoice, { cookies: [cookie] })
    expect(choice.json.invitations.map((i: { organizationId: string }) => i.organizationId).sort()).toEqual(
      [first.org.organization.id, second.organization.id].sort(),
    )
    const joined = await callRoute(chooseSignIn, {
      cookies: [cookie],
      body: { choice: 'join', organizationId: second.organization.id },
    })
    const me = (await callRoute(getUser, { cookies: [sessionOf(joined.cookies)] })).json
    expect(me.organizationId).toBe(second.organization.id)
    // The other invitation stays open (it is not theirs to decline by joining elsewhere).
    expect((await system.openInvitations(first.person.email)).map((i) => i.orgId)).toEqual([first.org.organization.id])
  })

  it('answers 400 to a bad choice and 409 to an organization that did not invite them, changing nothing', async () => {
    const { org, person } = await invited()
    const signedIn = await signInThroughIdentityProvider(person)
    const cookie = signInChoiceOf(signedIn.cookies)
    for (const body of [{}, { choice: 'join' }, { choice: 'maybe' }]) {
      const res = await callRoute(chooseSignIn, { cookies: [cookie], body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const other = await newOrganization('Other Church')
    const stranger = await callRoute(chooseSignIn, {
      cookies: [cookie],
      body: { choice: 'join', organizationId: other.organization.id },
    })
    expect(stranger.status).toBe(409)
    expect(stranger.json).toMatchObject({ message: 'This invitation is no longer open', key: 'invitationGone' })
    expect(stranger.cookies.some((c) => c.startsWith('sid='))).toBe(false)
    // Nothing was made or spent: the choice and the invitation are both still there.
    expect(await system.openInvitations(person.email)).toHaveLength(1)
    const joined = await callRoute(chooseSignIn, {
      cookies: [cookie],
      body: { choice: 'join', organizationId: org.organization.id },
    })
    expect(joined.status).toBe(200)
  })

  it('refuses a choice without the cookie of the browser that signed in, or with a made-up one', async () => {
    await invited()
    for (const cookies of [[], [`sign_in_choice=${randomUUID()}`]]) {
      expect((await callRoute(getSignInChoice, { cookies })).status).toBe(404)
      const res = await callRoute(chooseSignIn, { cookies, body: { choice: 'own' } })
      expect(res.status).toBe(404)
      expect(res.json).toMatchObject({ key: 'signInChoiceNotFound' })
    }
  })

  it('a removed invitation is no longer offered: that first sign-in makes an organization of their own', async () => {
    const { org, person, member } = await invited()
    const { default: removeMember } = await import('../members/remove-member.ts')
    const removed = await callRoute(removeMember, { cookies: [org.cookie], params: { id: member.id } })
    expect(removed.status, removed.text).toBeLessThan(300)
    const res = await signInThroughIdentityProvider(person)
    expect(res.headers.location).toBe('/')
    const me = (await callRoute(getUser, { cookies: [sessionOf(res.cookies)] })).json
    expect(me.organizationId).not.toBe(org.organization.id)
  })
})
