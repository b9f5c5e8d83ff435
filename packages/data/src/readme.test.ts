import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiTokens, dataExports, orgDb, outbox, sessions, system, webhookDeliveries, closures } from './index.ts'

/** Every function reachable from an exported module, by the path a caller writes. */
const functionsOf = (prefix: string, module: object): string[] =>
  Object.entries(module).flatMap(([name, value]) =>
    typeof value === 'function'
      ? [`${prefix}.${name}`]
      : value && typeof value === 'object'
        ? functionsOf(`${prefix}.${name}`, value)
        : [],
  )

describe('the access-pattern table in README.md', () => {
  it('names every exported data function', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8')
    const exported = [
      ...functionsOf('orgDb(o)', orgDb('o')),
      ...functionsOf('system', system),
      ...functionsOf('sessions', sessions),
      ...functionsOf('outbox', outbox),
      ...functionsOf('apiTokens', apiTokens),
      ...functionsOf('dataExports', dataExports),
      ...functionsOf('webhookDeliveries', webhookDeliveries),
      ...functionsOf('closures', closures),
    ]
    expect(exported.length).toBeGreaterThan(40)
    expect(exported.filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })
})
