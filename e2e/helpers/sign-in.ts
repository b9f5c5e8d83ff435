import type { Page } from 'playwright-core'
import { api } from './api.ts'

export interface Person {
  email: string
  firstName: string
  lastName: string
}

/** A person no other test has used (the stack's data lives for the whole test project). */
export const uniquePerson = (label: string): Person => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return {
    email: `${label}-${tag}@example.org`,
    firstName: label[0]!.toUpperCase() + label.slice(1),
    lastName: `T${tag}`,
  }
}

/** The local identity provider's page, as a person fills it in; the app takes it from there. */
export async function signInAtProvider(page: Page, person: Person) {
  await page.goto('/api/login')
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('First name').fill(person.firstName)
  await page.getByLabel('Last name').fill(person.lastName)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/**
 * Supervisor sign-in as a browser does it: /api/login, the local identity provider's page (email,
 * first and last name), then back to the app, signed in.
 */
export async function signInAsSupervisor(page: Page, person: Person) {
  await signInAtProvider(page, person)
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

/** Adds a member through the API from the signed-in supervisor's page; answers their credentials. */
export async function addMember(
  page: Page,
  member: Person & { department: string; role?: string; campusId?: string; campusIds?: string[] },
) {
  const added = await api<{ temporaryCredentials: Credentials }>(page, 'POST', '/api/employees', member)
  return added.temporaryCredentials
}

/**
 * A new organization: its supervisor (a fresh person) signed in on a page of `newPage`'s, and a
 * fresh staff member they added (an employee unless `member.role` says otherwise), not yet signed in.
 */
export async function supervisorWithStaff(newPage: () => Promise<Page>, member: { department: string; role?: string }) {
  const supervisorPerson = uniquePerson('pastor')
  const supervisor = await newPage()
  await signInAsSupervisor(supervisor, supervisorPerson)
  const staff = uniquePerson('staff')
  const credentials = await addMember(supervisor, { ...staff, role: 'employee', ...member })
  return { supervisor, supervisorPerson, staff, staffName: `${staff.firstName} ${staff.lastName}`, credentials }
}

/**
 * `supervisorWithStaff`, and the staff member signed in too, on a page of their own at `viewport`
 * (a phone's, say; the browser's default when absent).
 */
export async function supervisorWithSignedInStaff(
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>,
  member: { department: string; role?: string },
  viewport?: { width: number; height: number },
) {
  const org = await supervisorWithStaff(() => newPage(), member)
  const page = await newPage(viewport)
  await signInAsStaff(page, org.credentials)
  return { ...org, member: page }
}

export interface Credentials {
  username: string
  password: string
}

/** Fills in and sends the Staff Login form; the caller waits for what should follow. */
export async function submitStaffLogin(page: Page, { username, password }: Credentials) {
  await page.goto('/staff-login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Staff sign-in as a person does it: the Staff Login page, then the dashboard. */
export async function signInAsStaff(page: Page, credentials: Credentials) {
  await submitStaffLogin(page, credentials)
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

/** A new organization's supervisor: a fresh person (named after `label`) signed in on `page`, which it answers. */
export async function signedInSupervisor(page: Promise<Page>, label = 'pastor') {
  const signedIn = await page
  await signInAsSupervisor(signedIn, uniquePerson(label))
  return signedIn
}
