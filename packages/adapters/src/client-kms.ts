import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms'
import { config } from './config.ts'

/** The stack's key in AWS KMS (SECRETS_KEY_ID: its ARN): the real Encrypt and Decrypt calls. */
let client: KMSClient | undefined
const kms = () => (client ??= new KMSClient({ region: config.region }))

export const kmsKey = (keyId: string) => ({
  async encrypt(plaintext: Uint8Array, context: Record<string, string>): Promise<Uint8Array> {
    const out = await kms().send(new EncryptCommand({ KeyId: keyId, Plaintext: plaintext, EncryptionContext: context }))
    if (!out.CiphertextBlob) throw new Error('KMS answered no ciphertext')
    return out.CiphertextBlob
  },
  async decrypt(ciphertext: Uint8Array, context: Record<string, string>): Promise<Uint8Array> {
    const out = await kms().send(
      new DecryptCommand({ KeyId: keyId, CiphertextBlob: ciphertext, EncryptionContext: context }),
    )
    if (!out.Plaintext) throw new Error('KMS answered no plaintext')
    return out.Plaintext
  },
})
