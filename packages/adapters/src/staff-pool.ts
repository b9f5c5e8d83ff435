import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { clients } from './aws.ts'
import { config } from './config.ts'

/** Answers that mean "these credentials do not sign in" (cognito-local says InvalidPassword where AWS says NotAuthorized). */
const rejections = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
])

/** The staff user pool: accounts a supervisor creates, with generated usernames and passwords. */
export const staffPool = {
  async createUser(username: string, password: string) {
    await clients.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: config.staffPoolId,
        Username: username,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
      }),
    )
    try {
      await staffPool.setPassword(username, password)
    } catch (e) {
      // No half-made login left behind: without its password it could never be used.
      await staffPool.deleteUser(username).catch(() => undefined)
      throw e
    }
  },

  async setPassword(username: string, password: string) {
    await clients.cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.staffPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    )
  },

  /** True when the pool accepts the password; false for a wrong password or an unknown user alike. */
  async checkPassword(username: string, password: string): Promise<boolean> {
    try {
      const out = await clients.cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: config.staffPoolId,
          ClientId: config.staffClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      )
      return Boolean(out.AuthenticationResult?.AccessToken)
    } catch (e) {
      if (rejections.has((e as Error).name)) return false
      throw e
    }
  },

  async deleteUser(username: string) {
    try {
      await clients.cognito.send(new AdminDeleteUserCommand({ UserPoolId: config.staffPoolId, Username: username }))
    } catch (e) {
      if ((e as Error).name !== 'UserNotFoundException') throw e
    }
  },
}
