import { randomBytes } from 'node:crypto'
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decryptSecret, encryptSecret, isSealedSecret } from './sealed-secrets.ts'

const context = { purpose: 'webhook-signing', orgId: 'o1', webhookId: 'w1' }

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('secrets sealed with the local stack key', () => {
  it('open with the same context only, and a tampered value does not open', async () => {
    vi.stubEnv('SECRETS_KEY_ID', '')
    vi.stubEnv('LOCAL_SECRETS_KEY', randomBytes(32).toString('base64'))
    const sealed = await encryptSecret('whsec_abc', context)
    expect(sealed).toMatch(/^sealed:local:/)
    expect(sealed).not.toContain('abc')
    expect(isSealedSecret(sealed)).toBe(true)
    expect(isSealedSecret('whsec_abc')).toBe(false)
    expect(await decryptSecret(sealed, context)).toBe('whsec_abc')
    // A fresh nonce each time: the same secret never seals the same way twice.
    expect(await encryptSecret('whsec_abc', context)).not.toBe(sealed)
    await expect(decryptSecret(sealed, { ...context, orgId: 'o2' })).rejects.toThrow()
    const bytes = Buffer.from(sealed.slice('sealed:local:'.length), 'base64')
    bytes[bytes.length - 1]! ^= 1
    await expect(decryptSecret(`sealed:local:${bytes.toString('base64')}`, context)).rejects.toThrow()
  })

  it('refuses to run with no key configured, rather than store a secret in plain text', async () => {
    vi.stubEnv('SECRETS_KEY_ID', '')
    vi.stubEnv('LOCAL_SECRETS_KEY', '')
    await expect(encryptSecret('whsec_abc', context)).rejects.toThrow(/SECRETS_KEY_ID/)
  })
})

describe('secrets sealed with the KMS key on AWS', () => {
  it("call KMS's Encrypt and Decrypt with the configured key and the context", async () => {
    vi.stubEnv('SECRETS_KEY_ID', 'arn:aws:kms:us-east-1:111122223333:key/k1')
    const sent: unknown[] = []
    vi.spyOn(KMSClient.prototype, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command)
      if (command instanceof EncryptCommand)
        return { CiphertextBlob: Buffer.from(`kms(${Buffer.from(command.input.Plaintext!).toString()})`) }
      if (command instanceof DecryptCommand)
        return { Plaintext: Buffer.from(Buffer.from(command.input.CiphertextBlob!).toString().slice(4, -1)) }
      throw new Error('unexpected command')
    })
    const sealed = await encryptSecret('whsec_abc', context)
    expect(sealed).toMatch(/^sealed:kms:/)
    expect(await decryptSecret(sealed, context)).toBe('whsec_abc')
    const [encrypt, decrypt] = sent as [EncryptCommand, DecryptCommand]
    expect(encrypt.input).toMatchObject({
      KeyId: 'arn:aws:kms:us-east-1:111122223333:key/k1',
      EncryptionContext: context,
    })
    expect(decrypt.input).toMatchObject({
      KeyId: 'arn:aws:kms:us-east-1:111122223333:key/k1',
      EncryptionContext: context,
    })
    // A value the local key sealed is not KMS's to open.
    await expect(decryptSecret('sealed:local:AAAA', context)).rejects.toThrow(/another kind of key/)
  })
})
