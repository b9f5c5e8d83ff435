import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { json, jsonArray, rowsOf } from './export-pieces.ts'

describe("an export's files in pieces", () => {
  it('jsonArray writes what JSON.stringify(items, null, 2) does, an item at a time (a law)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 })), (items) => {
        expect([...jsonArray(items)].join('')).toBe(json(items).join(''))
        expect(JSON.parse([...jsonArray(items)].join(''))).toEqual(JSON.parse(JSON.stringify(items)))
      }),
    )
  })

  it('jsonArray takes items as they are made', () => {
    function* made() {
      yield { a: 1 }
      yield [2, { b: 'x\ny' }]
    }
    expect([...jsonArray(made())].join('')).toBe(`${JSON.stringify([{ a: 1 }, [2, { b: 'x\ny' }]], null, 2)}\n`)
  })

  it('rowsOf gives the header, then a row per item', () => {
    expect([...rowsOf(['n', 'twice'], [1, 2], (n) => [n, n * 2])]).toEqual([
      ['n', 'twice'],
      [1, 2],
      [2, 4],
    ])
  })
})
