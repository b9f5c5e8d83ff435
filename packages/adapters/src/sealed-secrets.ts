import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { kmsKey } from './client-kms.ts'
import { read } from './config.ts'

/**
 * Secrets we keep for others (webhook signing secrets, integrations' OAuth tokens) are stored
 * encrypted with a key of the stack, behind one interface: on AWS a customer managed KMS key
 * (SECRETS_KEY_ID, its ARN; the real Encrypt/Decrypt), on the local stack, which has no KMS, an
 * AES-256-GCM key the local stack made and keeps (LOCAL_SECRETS_KEY, base64 of 32 bytes).
 * `context` binds a ciphertext to what it belongs to (KMS's encryption context, GCM's associated
 * data): a sealed secret copied to another organization or webhook does not open there.
 */
export interface SecretKey {
  encrypt(plaintext: Uint8Array, context: Record<string, string>): Promise<Uint8Array>
  decrypt(ciphertext: Uint8Array, context: Record<string, string>): Promise<Uint8Array>
}

/** The stored form names the key that sealed it, so a stack opens only what its own kind of key sealed. */
const KMS_PREFIX = 'sealed:kms:'
const LOCAL_PREFIX = 'sealed:local:'

/** Associated data: the context's entries in a fixed order. */
const aadOf = (context: Record<string, string>) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))))

/** The local stack's key: AES-256-GCM, a fresh 12-byte nonce per secret; stored as nonce | tag | ciphertext. */
export const localKey = (keyBase64: string): SecretKey => {
  const key = Buffer.from(keyBase64, 'base64')
  if (key.length !== 32) throw new Error('LOCAL_SECRETS_KEY must be the base64 of 32 bytes')
  return {
    async encrypt(plaintext, context) {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(aadOf(context))
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return Buffer.concat([nonce, cipher.getAuthTag(), sealed])
    },
    async decrypt(ciphertext, context) {
      const blob = Buffer.from(ciphertext)
      const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12)).setAAD(aadOf(context))
      decipher.setAuthTag(blob.subarray(12, 28))
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()])
    },
  }
}

/** The configured key and the prefix of what it seals. */
const configuredKey = (): { key: SecretKey; prefix: string } => {
  const keyId = read('SECRETS_KEY_ID')
  if (keyId) return { key: kmsKey(keyId), prefix: KMS_PREFIX }
  const local = read('LOCAL_SECRETS_KEY')
  if (local) return { key: localKey(local), prefix: LOCAL_PREFIX }
  throw new Error('Missing configuration: SECRETS_KEY_ID (or LOCAL_SECRETS_KEY on the local stack)')
}

/** Whether a stored value is sealed (an older plaintext secret is not). */
export const isSealedSecret = (stored: string) => stored.startsWith(KMS_PREFIX) || stored.startsWith(LOCAL_PREFIX)

/** `plaintext` sealed with the stack's key, bound to `context`, as text to store. */
export const encryptSecret = async (plaintext: string, context: Record<string, string>): Promise<string> => {
  const { key, prefix } = configuredKey()
  const sealed = await key.encrypt(Buffer.from(plaintext, 'utf8'), context)
  return `${prefix}${Buffer.from(sealed).toString('base64')}`
}

/** What `encryptSecret` sealed with the same context; throws for another context, key or a tampered value. */
export const decryptSecret = async (stored: string, context: Record<string, string>): Promise<string> => {
  const { key, prefix } = configuredKey()
  if (!stored.startsWith(prefix)) throw new Error('This secret was sealed by another kind of key')
  const opened = await key.decrypt(Buffer.from(stored.slice(prefix.length), 'base64'), context)
  return Buffer.from(opened).toString('utf8')
}
