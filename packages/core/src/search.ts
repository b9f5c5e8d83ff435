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
