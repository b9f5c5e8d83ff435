import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePassword } from '@app/adapters'
import { passwordPolicyViolation, startCognito, type Running } from './emulators.ts'
import { freePort } from './ports.ts'
import { ensureStaffPool, type StaffPool } from './provision.ts'

describe('passwordPolicyViolation', () => {
  const policy = {
    MinimumLength: 12,
    RequireLowercase: true,
    RequireUppercase: true,
    RequireNumbers: true,
    RequireSymbols: true,
  }
  it('says what AWS says of each missing class', () => {
    expect(passwordPolicyViolation('Ab1!', policy)).toBe('Password not long enough')
    expect(passwordPolicyViolation('ABCDEFGHJK2!', policy)).toBe('Password must have lowercase characters')
    expect(passwordPolicyViolation('abcdefghjk2!', policy)).toBe('Password must have uppercase characters')
    expect(passwordPolicyViolation('abcdefghjkL!', policy)).toBe('Password must have numeric characters')
    expect(passwordPolicyViolation('abcdefghjkL2', policy)).toBe('Password must have symbol characters')
    expect(passwordPolicyViolation('abcdefghjkL2^', policy)).toBeUndefined()
    expect(passwordPolicyViolation('abcdefghjkL2', { ...policy, RequireSymbols: false })).toBeUndefined()
  })
})

describe('the local staff pool', () => {
  let cognito: Running
  let client: CognitoIdentityProviderClient
  let pool: StaffPool
  const dir = mkdtempSync(join(tmpdir(), 'cognito-test-'))

  beforeAll(async () => {
    const port = await freePort()
    cognito = await startCognito(port, dir)
    client = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    })
    pool = await ensureStaffPool(client, dir)
  }, 60_000)
  afterAll(async () => {
    await cognito?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const create = (username: string, password: string) =>
    client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: username,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
      }),
    )

  it('refuses a password without a symbol, as the deployed pool does', async () => {
    await expect(create('no.symbol', 'abcdefghjkL2')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have symbol characters',
    })
    await create('set.later', generatePassword())
    await expect(
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool.userPoolId,
          Username: 'set.later',
          Password: 'short',
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' })
  })

  it('takes a generated password, which then signs in', async () => {
    const password = generatePassword()
    await create('ruth.okafor', password)
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool.userPoolId,
        Username: 'ruth.okafor',
        Password: password,
        Permanent: true,
      }),
    )
    const out = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'ruth.okafor', PASSWORD: password },
      }),
    )
    expect(out.AuthenticationResult?.AccessToken).toBeTruthy()
  })
})
