import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CSV_WORDS, dayLabel, IMPORT_REASONS, LANGUAGES, plans, statusLabel } from '@app/core'
import { NAMESPACES } from './index.ts'
import { translator } from './server.ts'

const LOCALES = join(import.meta.dirname, '..', 'locales')
type Tree = { [key: string]: string | Tree }

/** Every key of a catalogue file as a dotted path, plural suffixes folded into their base key. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  )
}
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree

describe('the catalogues', () => {
  it('hold exactly the namespaces the product declares, in every language', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort())
    }
  })

  it.each(NAMESPACES)('%s: every key exists in English and in Spanish, and no text is empty', (namespace) => {
    const english = new Set(keysOf(read('en', namespace)))
    const spanish = new Set(keysOf(read('es', namespace)))
    expect(
      [...english].filter((k) => !spanish.has(k)),
      'missing in Spanish',
    ).toEqual([])
    expect(
      [...spanish].filter((k) => !english.has(k)),
      'missing in English',
    ).toEqual([])
    for (const language of LANGUAGES) {
      const empty = JSON.stringify(read(language, namespace)).match(/"[^"]+":""/g) ?? []
      expect(empty, `${language}/${namespace} empty texts`).toEqual([])
    }
  })

  it("say in English exactly what core's English says: the CSV words, the days, the statuses, the plans", () => {
    const common = read('en', 'common')
    expect(common.csv).toEqual(CSV_WORDS)
    expect((read('en', 'supervisor').memberImport as Tree).reasons).toEqual(IMPORT_REASONS)
    expect(common.days).toEqual(dayLabel)
    expect(common.status).toEqual(statusLabel)
    expect(common.plans).toEqual(
      Object.fromEntries(
        plans.map((p) => [p.id, { description: p.description, features: p.features, limitations: p.limitations }]),
      ),
    )
  })

  it('use the same {{placeholders}} in both languages for each key', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort()
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flat(v, `${prefix}${k}.`)))
    for (const namespace of NAMESPACES) {
      const spanish = new Map(flat(read('es', namespace)))
      for (const [key, text] of flat(read('en', namespace))) {
        const other = spanish.get(key)
        if (other !== undefined) expect(placeholders(other), `${namespace}:${key}`).toEqual(placeholders(text))
      }
    }
  })

  it('speak Spanish plurals: one hour, two hours', () => {
    const es = translator('es')
    const en = translator('en')
    expect(es('common:hours', { count: 1 })).toBe('1 hora')
    expect(es('common:hours', { count: 2 })).toBe('2 horas')
    expect(en('common:hours', { count: 1 })).toBe('1 hour')
    expect(en('common:hours', { count: 2.5 })).toBe('2.5 hours')
  })
})
