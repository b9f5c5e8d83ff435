import { AdminDeleteUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient } from './client-cognito.ts'
import { read } from './config.ts'

/**
 * The supervisors' user pool (AWS: the Cognito pool behind Supervisor Login), as the erasure job
 * deletes a closed organization's supervisors from it. Unset (SUPERVISOR_USER_POOL_ID) on the
 * local stack, whose supervisors sign in at a local identity provider that keeps no pool.
 */
export const supervisorPool = {
  /** The pool's id, or undefined where there is none. */
  id: () => read('SUPERVISOR_USER_POOL_ID'),

  /** Whether an identity (its token's issuer) is one of this pool's: Cognito's issuer ends with the pool's id. */
  issues(issuer: string): boolean {
    const id = supervisorPool.id()
    return Boolean(id) && issuer.endsWith(`/${id}`)
  },

  /**
   * Deletes the pool's user whose `sub` is `subject`. Found by its sub (a federated user's
   * username is not its sub); none found is nothing to do, so running it again is harmless.
   */
  async deleteBySubject(subject: string): Promise<number> {
    const id = supervisorPool.id()
    if (!id) return 0
    const found = await cognitoClient().send(
      new ListUsersCommand({ UserPoolId: id, Filter: `sub = "${subject.replace(/["\\]/g, '')}"`, Limit: 2 }),
    )
    let deleted = 0
    for (const user of found.Users ?? []) {
      if (!user.Username) continue
      try {
        await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: id, Username: user.Username }))
        deleted++
      } catch (e) {
        if ((e as Error).name !== 'UserNotFoundException') throw e
      }
    }
    return deleted
  },
}
