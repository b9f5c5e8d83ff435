/**
 * Text as search compares it: accents and case ignored, so 'munoz' finds 'José Muñoz' and 'zoe'
 * finds 'Zoë'. Letters that do not decompose (ø, ß, ł) are kept as they are.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** Whether a search text matches a person's first or last name, or both as typed ('ana silva'), accents and case ignored. */
export const matchesName = (person: { firstName: string; lastName: string }, search: string): boolean => {
  const q = foldForSearch(search)
  if (!q) return true
  const first = foldForSearch(person.firstName)
  const last = foldForSearch(person.lastName)
  return first.includes(q) || last.includes(q) || `${first} ${last}`.includes(q)
}
