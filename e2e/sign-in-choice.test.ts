import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE, touchable } from './helpers/phone.ts'
import { addMember, signInAsSupervisor, signInAtProvider, uniquePerson } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** A church whose supervisor added a fresh person as a supervisor, by email. */
const churchInviting = async () => {
  const pastor = uniquePerson('pastor')
  const supervisor = await newPage()
  await signInAsSupervisor(supervisor, pastor)
  const invitee = uniquePerson('invitee')
  await addMember(supervisor, { ...invitee, department: 'Admin', role: 'supervisor' })
  const { organizationId } = await api<{ organizationId: string }>(supervisor, 'GET', '/api/auth/user')
  const pastorName = `${pastor.firstName} ${pastor.lastName}`
  return { invitee, organizationId, pastorName, organizationName: `${pastorName}'s Organization` }
}

describe('the first Supervisor Login of an invited address', () => {
  it('asks on a 375 px phone whether to join the inviting church or start their own, and joins only when chosen', async () => {
    const { invitee, organizationId, pastorName, organizationName } = await churchInviting()
    const phone = await newPage(PHONE)
    await signInAtProvider(phone, invitee)
    await phone
      .getByRole('heading', {
        level: 1,
        name: `Join ${organizationName} (invited by ${pastorName}) or start your own organization`,
      })
      .waitFor()
    expect(new URL(phone.url()).pathname).toBe('/sign-in/choice')
    // Nothing is bound before the choice: the browser is not signed in yet.
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401)
    await fitsPhone(phone)
    const join = phone.getByRole('button', { name: `Join ${organizationName} (invited by ${pastorName})` })
    const own = phone.getByRole('button', { name: 'Start your own organization' })
    await touchable(join)
    await touchable(own)
    await expectAccessible(phone, 'the sign-in choice at 375 px')

    // By keyboard: the join button takes focus and Enter chooses it.
    await join.focus()
    await phone.keyboard.press('Enter')
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const me = await api<{ organizationId: string; role: string }>(phone, 'GET', '/api/auth/user')
    expect(me).toMatchObject({ organizationId, role: 'supervisor' })
  })

  it('starts an organization of their own when they choose so (in Spanish too)', async () => {
    const { invitee, organizationId, organizationName } = await churchInviting()
    const phone = await newPage(PHONE, { locale: 'es-MX' })
    await signInAtProvider(phone, invitee)
    await phone.getByRole('heading', { level: 1, name: new RegExp(`^Unirse a ${organizationName}`) }).waitFor()
    await fitsPhone(phone)
    await expectAccessible(phone, 'the sign-in choice in Spanish at 375 px')
    await phone.getByRole('button', { name: 'Crear su propia organización' }).click()
    await phone.getByRole('heading', { name: 'Panel' }).waitFor()
    const me = await api<{ organizationId: string }>(phone, 'GET', '/api/auth/user')
    expect(me.organizationId).not.toBe(organizationId)
  })
})
