/**
 * Names as a person reads them, the one place each rule lives: whether two names a supervisor
 * typed are the same one (and which entries of a list repeat a name or an id), and a name turned into lowercase words joined by dashes for a slug or
 * a file name.
 */

/** Two names are the same one whatever their case and surrounding space ('North ' and 'north'). */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The entries of a list a supervisor saves whole that repeat an earlier one: its name (as
 * `sameName` reads it) or its id (a new entry has none), each as its index and which field.
 */
export const repeatedNamesAndIds = (list: readonly { name: string; id?: string | undefined }[]) =>
  list.flatMap((entry, i) => {
    const earlier = list.slice(0, i)
    return [
      ...(earlier.some((other) => sameName(other.name, entry.name)) ? [[i, 'name'] as const] : []),
      ...(entry.id && earlier.some((other) => other.id === entry.id) ? [[i, 'id'] as const] : []),
    ]
  })

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
