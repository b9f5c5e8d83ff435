import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keys } from './keys.ts'
import { organizationRead } from './organizations.ts'
import { sessionHash, sessions } from './sessions.ts'
import { system } from './system.ts'
import { table } from './table.ts'
import { commandsDuring } from './testing.ts'

/** The commands sent while `run` runs, by name and round. */
const namesDuring = async (run: () => Promise<unknown>) =>
  (await commandsDuring(run)).map(({ name, round }) => ({ name, round }))

const newOrganization = () =>
  system.createSupervisorWithOrganization({
    issuer: 'https://sessions-test',
    subject: randomUUID(),
    email: null,
    firstName: 'Sam',
    lastName: 'Session',
    profileImageUrl: null,
    timeZone: 'UTC',
  })

describe('opening a session', () => {
  it('reads the session, its member and the closure in one round trip', async () => {
    const { user, organization } = await newOrganization()
    const { sid } = await sessions.create({ userId: user.id, orgId: organization.id })
    let opened: Awaited<ReturnType<typeof sessions.open>>
    expect(await namesDuring(async () => (opened = await sessions.open(sid)))).toEqual([
      { name: 'BatchGetCommand', round: 1 },
    ])
    expect(opened!.session).toMatchObject({ userId: user.id, orgId: organization.id })
    expect(opened!.member).toMatchObject({ id: user.id })
    expect(opened!.closure).toBeUndefined()
  })

  it('opens a session whose id names no member (made before ids named them) in two', async () => {
    const { user, organization } = await newOrganization()
    const { sid } = await sessions.create({ userId: user.id, orgId: organization.id })
    const item = await table.get(keys.session(sessionHash(sid)))
    const old = sid.split('.')[0]!
    await table.put({ ...item!, ...keys.session(sessionHash(old)) })
    let opened: Awaited<ReturnType<typeof sessions.open>>
    expect(await namesDuring(async () => (opened = await sessions.open(old)))).toEqual([
      { name: 'GetCommand', round: 1 },
      { name: 'BatchGetCommand', round: 2 },
    ])
    expect(opened!.member).toMatchObject({ id: user.id })
  })

  it('reads the organization in the same round trip when asked, for old ids in their second', async () => {
    const { user, organization } = await newOrganization()
    const { sid } = await sessions.create({ userId: user.id, orgId: organization.id })
    let opened: Awaited<ReturnType<typeof sessions.open>>
    expect(await namesDuring(async () => (opened = await sessions.open(sid, { organization: true })))).toEqual([
      { name: 'BatchGetCommand', round: 1 },
    ])
    expect(opened!.organization).toMatchObject({ id: organization.id, name: organization.name })
    expect(opened!.member).toMatchObject({ id: user.id })
    expect((await sessions.open(sid))!.organization).toBeUndefined()
    const item = await table.get(keys.session(sessionHash(sid)))
    const old = sid.split('.')[0]!
    await table.put({ ...item!, ...keys.session(sessionHash(old)) })
    const fromOld = await sessions.open(old, { organization: true })
    expect(fromOld!.organization).toMatchObject({ id: organization.id })
    expect(fromOld!.member).toMatchObject({ id: user.id })
    expect(fromOld!.closure).toBeUndefined()
  })

  it('opens nothing for an id whose names are not its session’s, nor for a malformed one', async () => {
    const a = await newOrganization()
    const b = await newOrganization()
    const { sid } = await sessions.create({ userId: a.user.id, orgId: a.organization.id })
    const [secret] = sid.split('.')
    const b64 = (s: string) => Buffer.from(s).toString('base64url')
    // The same secret naming another organization is another id: no session, and nothing of B's read out.
    expect(await sessions.open(`${secret}.${b64(b.organization.id)}.${b64(b.user.id)}`)).toBeUndefined()
    // A session stored under an id that names someone else is refused too.
    const forged = `${secret}.${b64(b.organization.id)}.${b64(b.user.id)}`
    const item = await table.get(keys.session(sessionHash(sid)))
    await table.put({ ...item!, ...keys.session(sessionHash(forged)) })
    expect(await sessions.open(forged)).toBeUndefined()
    for (const bad of ['', 'x', `${secret}.`, `${secret}.a`, `${secret}.a.b.c`, `${secret}!`])
      expect(await sessions.open(bad), bad).toBeUndefined()
  })
})

describe('the organization read with the session', () => {
  it('answers the first get from the item read, and reads again after', async () => {
    const { organization } = await newOrganization()
    const read = await table.get(keys.organization(organization.id))
    await table.update(keys.organization(organization.id), {
      UpdateExpression: 'SET #n = :n',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: { ':n': 'Renamed since' },
    })
    const org = organizationRead(organization.id, read)
    const sent = await commandsDuring(async () => {
      expect((await org.get()).name).toBe(organization.name)
    })
    expect(sent).toEqual([])
    expect((await org.get()).name).toBe('Renamed since')
    expect((await organizationRead(organization.id, undefined).get()).name).toBe('Renamed since')
  })
})
