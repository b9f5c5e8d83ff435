/**
 * Names as a person reads them, the one place each rule lives: whether two names a supervisor
 * typed are the same one, and a name turned into lowercase words joined by dashes for a slug or
 * a file name.
 */

/** Two names are the same one whatever their case and surrounding space ('North ' and 'north'). */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Lowercase letters and digits joined by single dashes, accents dropped ('  Église Saint-Étienne!! '
 * → 'eglise-saint-etienne'); empty when the name has neither letters nor digits.
 */
export const dashedWords = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
