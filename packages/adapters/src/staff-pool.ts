import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient } from './client-cognito.ts'
import { config } from './config.ts'

/** Answers that mean "these credentials do not sign in" (cognito-local says InvalidPassword where AWS says NotAuthorized). */
const rejections = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
])

/** The staff pool's id, added to every call's input. */
const inPool = <T extends object>(input: T) => ({ UserPoolId: config.staffPoolId, ...input })

/** The staff user pool: accounts a supervisor creates, with generated usernames and passwords. */
export const staffPool = {
  async createUser(username: string, password: string) {
    await cognitoClient().send(
      new AdminCreateUserCommand(
        inPool({ Username: username, TemporaryPassword: password, MessageAction: 'SUPPRESS' }),
      ),
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
    await cognitoClient().send(
      new AdminSetUserPasswordCommand(inPool({ Username: username, Password: password, Permanent: true })),
    )
  },

  /** True when the pool accepts the password; false for a wrong password or an unknown user alike. */
  async checkPassword(username: string, password: string): Promise<boolean> {
    try {
      const out = await cognitoClient().send(
        new AdminInitiateAuthCommand(
          inPool({
            ClientId: config.staffClientId,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        ),
      )
      return Boolean(out.AuthenticationResult?.AccessToken)
    } catch (e) {
      if (rejections.has((e as Error).name)) return false
      throw e
    }
  },

  async deleteUser(username: string) {
    try {
      await cognitoClient().send(new AdminDeleteUserCommand(inPool({ Username: username })))
    } catch (e) {
      if ((e as Error).name !== 'UserNotFoundException') throw e
    }
  },
}
