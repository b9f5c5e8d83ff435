import type { IntegrationView, OrganizationSettings, User } from '@app/core'

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 'user-1',
  organizationId: 'org-1',
  email: 'grace@example.org',
  firstName: 'Grace',
  lastName: 'Hopper',
  profileImageUrl: null,
  department: 'Worship',
  role: 'supervisor',
  supervisorId: null,
  username: null,
  authType: 'oidc',
  payType: 'non-exempt',
  payrollId: null,
  language: 'en',
  away: null,
  emailConfirmed: true,
  unpaid: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-02-10T10:00:00.000Z',
  ...overrides,
})

/** Ada Lovelace, an employee who signs in with a generated staff login. */
export const makeStaffMember = (overrides: Partial<User> = {}): User =>
  makeUser({
    id: 'mem-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    department: 'Finance',
    role: 'employee',
    username: 'alovelace',
    authType: 'local',
    ...overrides,
  })

/** Grace Chapel's settings, in Chicago's zone, weeks from Monday. */
export const makeOrgSettings = (overrides: Partial<OrganizationSettings> = {}): OrganizationSettings => ({
  organizationName: 'Grace Chapel',
  logoUrl: null,
  timeZone: 'America/Chicago',
  weekStartDay: 'monday',
  approvalEmails: true,
  clockOutLimitHours: 10,
  ...overrides,
})

/** An integration set up and connected since 20 November, never sent to yet. */
export const makeIntegration = (
  id: IntegrationView['id'],
  overrides: Partial<IntegrationView> = {},
): IntegrationView => ({
  id,
  configured: true,
  connected: true,
  lastSentAt: null,
  missingSettings: [],
  reconnectNeeded: false,
  connectedAt: '2026-11-20T15:00:00Z',
  account: null,
  ...overrides,
})

/** A church in UTC as the submit page's first reads see it (the settings' older, shorter answer). */
export const utcOrgSettings = {
  organizationName: 'Grace Chapel',
  logoUrl: null,
  timeZone: 'UTC',
  weekStartDay: 'monday',
}

/** The first reads of a signed-in employee's screens: the member and the church in UTC. */
export const employeeReads = {
  'GET /api/auth/user': { body: makeUser({ role: 'employee' }) },
  'GET /api/organization/settings': { body: utcOrgSettings },
}

/** Rosa Vega, an approver who has not confirmed her email address: the email asking her to review waits. */
export const unconfirmedRosa = { id: 'rosa', firstName: 'Rosa', lastName: 'Vega' }
/** What a page says of that waiting email, after its own first sentence. */
export const rosaEmailedOnceConfirmed =
  'Rosa Vega will be emailed to review it once they confirm their email address (the email waits up to 14 days).'
