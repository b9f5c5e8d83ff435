/**
 * Server messages travel as codes. Every English text the API can answer is a text of
 * the `errors` catalogue, so a message's key is found from the text itself: each message, from a
 * route, a data module or a core schema, has one without its thrower knowing, and the English
 * stays written once. A text with values ('{{label}} must be text') is matched as a pattern and
 * its values come back as `params`.
 */
export interface MessageKey {
  key: string
  params?: Record<string, string>
}

type Catalogue = { [key: string]: unknown }

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The finder of one catalogue (the English `errors`): texts first as they are, then as patterns. */
export const messageKeyFinder = (catalogue: Catalogue) => {
  const texts = Object.entries(catalogue).filter((e): e is [string, string] => typeof e[1] === 'string')
  const exact = new Map(texts.filter(([, text]) => !text.includes('{{')).map(([key, text]) => [text, key]))
  const patterns = texts
    .filter(([, text]) => text.includes('{{'))
    .map(([key, text]) => {
      const names: string[] = []
      const source = text
        .split(/{{\s*(\w+)\s*}}/)
        .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : (names.push(part), '(.+?)')))
        .join('')
      return { key, names, regex: new RegExp(`^${source}$`, 's') }
    })
  return (message: string): MessageKey | undefined => {
    const key = exact.get(message)
    if (key) return { key }
    for (const { key, names, regex } of patterns) {
      const match = regex.exec(message)
      if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) }
    }
    return undefined
  }
}
