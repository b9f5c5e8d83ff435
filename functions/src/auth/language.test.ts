import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { currentWeekStart } from '@app/core'
import { orgDb, sessions } from '@app/data'
import { callRoute, postLinkForm, sessionOf } from '../../test/support/test-event.ts'
import { decideThroughRoute } from '../../test/support/test-timesheets.ts'
import { sessionCookieName } from '../http/cookies.ts'
import {
  callbackRequestFor,
  newOrganization,
  newStaffCredentials,
  newStaffMember,
  signInThroughIdentityProvider,
} from '../../test/support/test-identity.ts'
import { inbox, tokenIn } from '../../test/support/test-inbox.ts'
import confirmDecision from '../email-decisions/confirm-decision.ts'
import showDecision from '../email-decisions/show-decision.ts'
import staffLogin from '../staff/staff-login.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import showUnsubscribe from '../notifications/show-unsubscribe.ts'
import { createUnsubscribeToken } from '../workflows/unsubscribe-links.ts'
import callback from './callback.ts'
import getUser from './get-user.ts'
import updateUser from './update-user.ts'

/** The member's language, how it is first set, and what speaks it (emails, decision pages, errors). */

const setLanguage = (cookie: string, body: unknown) => callRoute(updateUser, { cookies: [cookie], body })
const memberEdits = async (orgId: string, userId: string) =>
  (await orgDb(orgId).audit.list({ action: 'member.edited' })).items.filter(
    (e) => 'id' in e.subject && e.subject.id === userId,
  )

/** A staff member added by a supervisor who has never signed in: their first sign-in is still to come. */
const newCredentials = (cookie: string) =>
  newStaffCredentials(cookie, { firstName: 'Lucía', lastName: 'Mendoza', department: 'Youth', role: 'employee' })

describe('PATCH /api/auth/user', () => {
  it("keeps the member's own language, answers the current user, and records the change as their edit", async () => {
    const { organization, cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const res = await setLanguage(staff.cookie, { language: 'es' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: staff.user.id, language: 'es', demo: false })
    expect((await callRoute(getUser, { cookies: [staff.cookie] })).json.language).toBe('es')
    const [edit] = await memberEdits(organization.id, staff.user.id)
    expect(edit).toMatchObject({
      actor: { userId: staff.user.id },
      changes: [{ field: 'language', before: 'en', after: 'es' }],
    })
  })

  it('changes nothing for an unknown language or another field, and answers the codes of its message', async () => {
    const { organization, cookie, supervisor } = await newOrganization()
    for (const body of [
      { language: 'fr' },
      { language: 'es', role: 'employee' },
      { language: 'es', id: randomUUID() },
    ]) {
      const res = await setLanguage(cookie, body)
      expect(res.status).toBe(400)
      expect(res.json.fields).toBeDefined()
    }
    const refused = await setLanguage(cookie, { language: 'fr' })
    expect(refused.json.fieldKeys.language).toEqual({ key: 'languageUnknown' })
    expect((await orgDb(organization.id).users.get(supervisor.id)).language).toBe('en')
    expect(await memberEdits(organization.id, supervisor.id)).toEqual([])
  })

  it('refuses the read-only demo and a signed-out caller', async () => {
    const { organization, supervisor } = await newOrganization()
    const { sid } = await sessions.create({ orgId: organization.id, userId: supervisor.id, demo: true })
    const res = await setLanguage(`${sessionCookieName()}=${sid}`, { language: 'es' })
    expect(res.status).toBe(403)
    expect(res.json).toMatchObject({ key: 'demoReadOnly' })
    expect((await orgDb(organization.id).users.get(supervisor.id)).language).toBe('en')
    const signedOut = await setLanguage('sid=none', { language: 'es' })
    expect(signedOut.status).toBe(401)
    expect(signedOut.json).toEqual({ message: 'Unauthorized', key: 'signedOut' })
  })
})

describe('the language at sign-in', () => {
  it('gives a staff member who never chose the language their browser sends, in the login body or as Accept-Language', async () => {
    const { cookie } = await newOrganization()
    const fromBody = await callRoute(staffLogin, { body: { ...(await newCredentials(cookie)), language: 'es' } })
    expect(fromBody.json.language).toBe('es')
    const fromHeader = await callRoute(staffLogin, {
      body: await newCredentials(cookie),
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
    })
    expect(fromHeader.json.language).toBe('es')
    const english = await callRoute(staffLogin, {
      body: await newCredentials(cookie),
      headers: { 'accept-language': 'fr-FR,en;q=0.5' },
    })
    expect(english.json.language).toBe('en')
  })

  it('keeps a language chosen on /profile when the member signs in from a browser in another language', async () => {
    const { cookie } = await newOrganization()
    const credentials = await newCredentials(cookie)
    const first = await callRoute(staffLogin, { body: { ...credentials, language: 'es' } })
    expect((await setLanguage(sessionOf(first.cookies), { language: 'en' })).json.language).toBe('en')
    const later = await callRoute(staffLogin, { body: { ...credentials, language: 'es' } })
    expect(later.json.language).toBe('en')
  })

  it("makes a new organization's first supervisor speak their browser's language", async () => {
    const person = { email: `${randomUUID().slice(0, 8)}@grace.example`, firstName: 'Rosa', lastName: 'Vega' }
    const res = await signInThroughIdentityProvider(person, { language: 'es' })
    const me = await callRoute(getUser, { cookies: [sessionOf(res.cookies)] })
    expect(me.json).toMatchObject({ role: 'supervisor', language: 'es' })

    // A sign-in link without the page's language: the browser's Accept-Language at the callback.
    const other = { ...person, email: `${randomUUID().slice(0, 8)}@grace.example` }
    const request = await callbackRequestFor(other)
    const back = await callRoute(callback, { ...request, headers: { 'accept-language': 'es-ES,es;q=0.9' } })
    expect((await callRoute(getUser, { cookies: [sessionOf(back.cookies)] })).json.language).toBe('es')
  })
})

describe('emails and decision pages in the reader’s language', () => {
  const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

  it('sends a Spanish-speaking employee their decline in Spanish, and shows a Spanish supervisor the one-click pages in Spanish', async () => {
    const { cookie, supervisor } = await newOrganization()
    const staff = await newStaffMember(cookie)
    await setLanguage(staff.cookie, { language: 'es' })
    await setLanguage(cookie, { language: 'es' })
    const second = await newStaffMember(cookie, 'supervisor')
    const sheet = (
      await callRoute(createTimesheet, {
        cookies: [second.cookie],
        body: { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '13:00', mondayActivity: 'Visits' },
      })
    ).json

    // The review email of the second supervisor's submission goes to the Spanish-speaking first supervisor.
    const [review] = await inbox(supervisor.email!)
    expect(review!.subject).toMatch(/^Hoja de horas por revisar: Ana Silva, Semana del /)
    expect(review!.body.html).toContain('lang="es"')
    const token = tokenIn(review!.body.text!, 'Aprobar', 'email-decisions')
    const page = await callRoute(showDecision, { params: { token } })
    expect(page.text).toContain('<html lang="es">')
    expect(page.text).toContain('¿Aprobar esta hoja de horas?')
    expect(page.text).toContain('Lunes')
    const done = await postLinkForm(confirmDecision, token)
    expect(done.text).toContain('Hoja de horas aprobada')
    expect(sheet.id).toBeDefined()

    // The Spanish-speaking employee's week, declined from the dashboard.
    const own = (
      await callRoute(createTimesheet, {
        cookies: [staff.cookie],
        body: { weekStartDate: thisWeek(), tuesdayStart: '10:00', tuesdayEnd: '12:00', tuesdayActivity: 'Nursery' },
      })
    ).json
    await decideThroughRoute(cookie, own.id, 'rejected', 'Falta el martes')
    const email = staff.user.email
    const [declined] = await inbox(email)
    expect(declined!.subject).toMatch(/^Su hoja de horas fue rechazada: Semana del \d{1,2} [a-z]{3}\.? \d{4}/)
    expect(declined!.body.text).toContain('Hola, Ana:')
    expect(declined!.body.text).toContain('Comentarios: Falta el martes')
    expect(declined!.body.html).toContain('Inicie sesión para corregirla y enviarla de nuevo')
  })

  it("asks and answers an unsubscribe link, and a failed sign-in, in the browser's language", async () => {
    const { organization, supervisor } = await newOrganization()
    const token = await createUnsubscribeToken({ orgId: organization.id, userId: supervisor.id, kind: 'digest' })
    const spanish = { 'accept-language': 'es-US,es;q=0.9' }
    const page = await callRoute(showUnsubscribe, { params: { token }, headers: spanish })
    expect(page.text).toContain('<html lang="es">')
    expect(page.text).toContain('¿Dejar de recibir estos correos?')
    expect(page.text).toContain('Resumen semanal de hojas de horas pendientes de aprobación')
    const failed = await callRoute(callback, { query: { state: 's', code: 'c' }, headers: spanish })
    expect(failed.status).toBe(400)
    expect(failed.text).toContain('No se pudo iniciar sesión')
  })
})
