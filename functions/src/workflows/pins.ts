import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * A kiosk PIN is kept only as a slow salted hash (scrypt, N=2^14, r=8, p=1: about 16 MB
 * and tens of milliseconds a try), so a copy of the table does not give the PINs away cheaply;
 * the lockout (five wrong tries, 15 minutes) keeps a kiosk from guessing them.
 */
const COST = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

const derive = (pin: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  )

/** 'scrypt$N$r$p$salt$hash' (base64url), so the cost can be raised later without losing old PINs. */
export const hashPin = async (pin: string): Promise<string> => {
  const salt = randomBytes(16)
  const key = await derive(pin, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `pin` is the one `stored` was made from (compared in constant time). */
export const pinMatches = async (pin: string, stored: string): Promise<boolean> => {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(pin, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
