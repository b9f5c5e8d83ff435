import i18next from 'i18next'
import type { User } from '@app/core'

export const STAFF_LOGIN_PATH = '/staff-login'
export const staffLoginUrl = (origin: string) => `${origin}${STAFF_LOGIN_PATH}`

type Member = Pick<User, 'firstName' | 'username' | 'email'>

const text = (key: string, options: Record<string, unknown> = {}) =>
  i18next.t(`supervisor:members.instructions.${key}`, options)

/**
 * The sign-in instructions a supervisor sends a member, in the supervisor's language: where to
 * sign in and the username, never the password (it was shown once, when the member was added,
 * and is not kept by us).
 */
export function loginInstructions(member: Member, origin: string, organizationName?: string): string {
  const greeting = text('greeting', { firstName: member.firstName })
  const org = organizationName ? text('forOrg', { organizationName }) : ''
  if (!member.username) {
    return [
      greeting,
      '',
      text('supervisorSignIn', { org, origin }),
      member.email ? text('accountWithEmail', { email: member.email }) : text('account'),
    ].join('\n')
  }
  return [
    greeting,
    '',
    text('staffSignIn', { org }),
    staffLoginUrl(origin),
    '',
    text('username', { username: member.username }),
    text('password'),
    '',
    text('askSupervisor'),
  ].join('\n')
}
