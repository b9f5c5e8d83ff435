import type { User } from '@app/core'

export const STAFF_LOGIN_PATH = '/staff-login'
export const staffLoginUrl = (origin: string) => `${origin}${STAFF_LOGIN_PATH}`

type Member = Pick<User, 'firstName' | 'username' | 'email'>

/**
 * The sign-in instructions a supervisor sends a member: where to sign in and the username, never
 * the password (it was shown once, when the member was added, and is not kept by us).
 */
export function loginInstructions(member: Member, origin: string, organizationName?: string): string {
  const greeting = `Hello ${member.firstName},`
  const org = organizationName ? ` for ${organizationName}` : ''
  if (!member.username) {
    return [
      greeting,
      '',
      `To sign in to your timesheets${org}, open ${origin}/ and choose Supervisor Login.`,
      member.email
        ? `Sign in with your organization account (${member.email}).`
        : 'Sign in with your organization account.',
    ].join('\n')
  }
  return [
    greeting,
    '',
    `To fill in your weekly timesheet${org}, sign in here:`,
    staffLoginUrl(origin),
    '',
    `Username: ${member.username}`,
    'Password: the temporary password you were given when your account was created.',
    '',
    'If you no longer have your password, please ask your supervisor.',
  ].join('\n')
}
