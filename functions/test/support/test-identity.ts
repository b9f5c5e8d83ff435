import { randomUUID } from 'node:crypto'
import { confirmAddressOf, createTestOrganization } from '@app/data/testing'
import callback from '../../src/auth/callback.ts'
import login from '../../src/auth/login.ts'
import { callRoute, sessionCookieFor, sessionOf } from './test-event.ts'

/** A tiny cookie jar for talking to the identity provider over real HTTP. */
const jar = () => {
  const cookies = new Map<string, string>()
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const [k, ...v] = pair!.split('=')
        cookies.set(k!.trim(), v.join('='))
      }
    },
  }
}

/**
 * The whole supervisor sign-in: /api/login, the local identity provider's sign-in page over
 * HTTP, then /api/callback. Returns the callback's answer (cookies, redirect).
 */
export const signInThroughIdentityProvider = async (
  person: { email: string; firstName: string; lastName: string },
  query: Record<string, string> = {},
) => callRoute(callback, await callbackRequestFor(person, query))

/** Everything up to the callback: the request the browser is about to send to /api/callback. */
export const callbackRequestFor = async (
  person: { email: string; firstName: string; lastName: string },
  query: Record<string, string> = {},
) => {
  const start = await callRoute(login, { query })
  if (start.status !== 302) throw new Error(`login answered ${start.status}: ${start.text}`)
  const authState = start.cookies.find((c) => c.startsWith('auth_state='))!.split(';')[0]!
  const idp = jar()
  let url = new URL(start.headers.location as string)
  for (let hop = 0; hop < 10; hop++) {
    const isForm = /^\/interaction\/[^/]+$/.test(url.pathname)
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: idp.header() } })
    idp.take(res)
    if (isForm && res.status === 200) {
      const posted = await fetch(new URL(`${url.pathname}/login`, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: idp.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: person.email, given_name: person.firstName, family_name: person.lastName }),
      })
      idp.take(posted)
      url = new URL(posted.headers.get('location')!, url)
      continue
    }
    const location = res.headers.get('location')
    if (!location) throw new Error(`identity provider stopped at ${url} with ${res.status}: ${await res.text()}`)
    url = new URL(location, url)
    if (url.pathname === '/api/callback') {
      return { query: Object.fromEntries(url.searchParams), cookies: [authState] }
    }
  }
  throw new Error('too many redirects at the identity provider')
}

/** A new organization with its supervisor, made directly in the table (fast, for most tests). */
export const newOrganization = async (name = 'Grace Church') => {
  const { user, organization } = await createTestOrganization({
    firstName: 'Sam',
    lastName: name.split(' ')[0] ?? 'Supervisor',
    timeZone: 'America/Chicago',
  })
  const cookie = await sessionCookieFor({ orgId: organization.id, userId: user.id })
  return { organization, supervisor: user, cookie }
}

/** Saves active campuses of these names through the real route; their ids, in the order named. */
export const addCampuses = async (supervisorCookie: string, names: string[]) => {
  const { default: updateCampuses } = await import('../../src/organization/update-campuses.ts')
  const saved = await callRoute(updateCampuses, {
    cookies: [supervisorCookie],
    body: { campuses: names.map((name) => ({ name, address: '', active: true })) },
  })
  if (saved.status !== 200) throw new Error(`update campuses answered ${saved.status}: ${saved.text}`)
  const campuses = saved.json.campuses as { id: string; name: string }[]
  return names.map((name) => campuses.find((c) => c.name === name)!.id)
}

/** The church of `supervisorCookie` given the campuses North (or `northName`) and South, and a campus admin of South. */
export const withNorthAndSouth = async (supervisorCookie: string, northName = 'North') => {
  const [north, south] = (await addCampuses(supervisorCookie, [northName, 'South'])) as [string, string]
  return { north, south, southAdmin: await newCampusAdmin(supervisorCookie, south) }
}

/**
 * A new church with the campuses North (or `northName`) and South, South's campus admin (Sol South),
 * and an employee at each, made in this order: Nora North at North, Sara Sur at South.
 */
export const northAndSouthChurch = async (northName = 'North') => {
  const org = await newOrganization()
  const campuses = await withNorthAndSouth(org.cookie, northName)
  const employee = (firstName: string, lastName: string, campusId: string) =>
    newStaffMember(org.cookie, 'employee', { person: { firstName, lastName, campusId } })
  const nora = await employee('Nora', 'North', campuses.north)
  const sara = await employee('Sara', 'Sur', campuses.south)
  return { org, ...campuses, nora, sara }
}

/** A supervisor of one campus only (a campus admin): Sol South, unless the test names someone. */
export const newCampusAdmin = (
  supervisorCookie: string,
  campusId: string,
  name: { firstName: string; lastName: string } = { firstName: 'Sol', lastName: 'South' },
) => newStaffMember(supervisorCookie, 'supervisor', { person: { ...name, campusId, campusIds: [campusId] } })

/** Who a staff member made for a test is, unless the test names someone. */
const staffPerson = { firstName: 'Ana', lastName: 'Silva', department: 'Youth' }

/** Adds a member through the real add-member route (a staff-pool login is made), with a fresh email unless given; its answer. */
export const addMemberThroughRoute = async (
  supervisorCookie: string,
  member: {
    email?: string
    firstName: string
    lastName: string
    department: string
    role?: 'employee' | 'volunteer' | 'supervisor'
    campusId?: string
    campusIds?: string[]
  },
) => {
  const { default: addMember } = await import('../../src/members/add-member.ts')
  return callRoute(addMember, {
    cookies: [supervisorCookie],
    body: { email: `${randomUUID().slice(0, 8)}@grace.example`, ...member },
  })
}

/** A supervisor added by email through the real add-member route (Office, not signed in yet); its answer. */
export const addSupervisorThroughRoute = (supervisorCookie: string, firstName: string, lastName: string) =>
  addMemberThroughRoute(supervisorCookie, { firstName, lastName, department: 'Office', role: 'supervisor' })

/** A staff member added by a supervisor who has not signed in yet: their temporary credentials. */
export const newStaffCredentials = async (
  supervisorCookie: string,
  member: Parameters<typeof addMemberThroughRoute>[1] = { ...staffPerson, role: 'employee' },
) => {
  const added = await addMemberThroughRoute(supervisorCookie, member)
  return added.json.temporaryCredentials as { username: string; password: string }
}

/** A staff member of an organization, signed in through the real staff login. */
/** Their address is confirmed, as its owner would by its link, unless `confirmed` is false; Ana Silva unless `person` names someone. */
export const newStaffMember = async (
  supervisorCookie: string,
  role: 'employee' | 'volunteer' | 'supervisor' = 'employee',
  {
    confirmed = true,
    person = staffPerson,
  }: { confirmed?: boolean; person?: Partial<typeof staffPerson> & { campusId?: string; campusIds?: string[] } } = {},
) => {
  const { default: staffLogin } = await import('../../src/staff/staff-login.ts')
  const added = await addMemberThroughRoute(supervisorCookie, { ...staffPerson, ...person, role })
  if (added.status !== 200) throw new Error(`add member answered ${added.status}: ${added.text}`)
  if (confirmed) await confirmAddressOf(added.json.organizationId, added.json.id)
  const login = await callRoute(staffLogin, { body: added.json.temporaryCredentials })
  return {
    user: added.json as { id: string; firstName: string; lastName: string; email: string },
    cookie: sessionOf(login.cookies),
    credentials: added.json.temporaryCredentials,
  }
}

/** The `sign_in_choice=…` cookie (without its attributes) a first sign-in with open invitations sets. */
export const signInChoiceOf = (cookies: string[]) =>
  cookies.find((c) => c.startsWith('sign_in_choice='))!.split(';')[0]!

/**
 * A first Supervisor Login of an invited address, then the person's choice on the page it leads
 * to: join the inviting organization (`join`: its id) or start their own (`own`). The choice's answer.
 */
export const signInAndChoose = async (
  person: { email: string; firstName: string; lastName: string },
  choice: { choice: 'join'; organizationId: string } | { choice: 'own' },
) => {
  const { default: chooseSignIn } = await import('../../src/auth/choose-sign-in.ts')
  const signedIn = await signInThroughIdentityProvider(person)
  if (signedIn.headers.location !== '/sign-in/choice') throw new Error(`no choice asked: ${signedIn.headers.location}`)
  return callRoute(chooseSignIn, { cookies: [signInChoiceOf(signedIn.cookies)], body: choice })
}
