import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
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

  /** The local Cognito on the test's folder: a new process each time, the pools read from disk. */
  const boot = async () => {
    const port = await freePort()
    cognito = await startCognito(port, dir)
    client = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    })
    pool = await ensureStaffPool(client, dir)
  }
  beforeAll(boot, 60_000)
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

  const setPassword = (username: string, password: string) =>
    client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool.userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    )
  const signIn = (username: string, password: string) =>
    client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    )

  it('takes a generated password, which then signs in', async () => {
    const password = generatePassword()
    await create('ruth.okafor', password)
    await setPassword('ruth.okafor', password)
    const out = await signIn('ruth.okafor', password)
    expect(out.AuthenticationResult?.AccessToken).toBeTruthy()
  })

  it('keeps its users across a stop and a power cut: each answered change is on disk', async () => {
    const password = generatePassword()
    // Made side by side, as an import's rows are: their changes share writes.
    const names = Array.from({ length: 12 }, (_, i) => `kept.${i}`)
    await Promise.all(
      names.map(async (name) => {
        await create(name, password)
        await setPassword(name, password)
      }),
    )
    await cognito.stop()
    await boot()
    for (const name of names) expect((await signIn(name, password)).AuthenticationResult?.AccessToken).toBeTruthy()

    await create('after.cut', password)
    await setPassword('after.cut', password)
    process.kill(cognito.pid!, 'SIGKILL')
    await cognito.stop()
    await boot()
    expect((await signIn('after.cut', password)).AuthenticationResult?.AccessToken).toBeTruthy()
    const listed = await client.send(new ListUsersCommand({ UserPoolId: pool.userPoolId }))
    expect(listed.Users?.map((u) => u.Username)).toEqual(expect.arrayContaining([...names, 'after.cut', 'ruth.okafor']))
  }, 60_000)
})
