import { describe, expect, it } from 'vitest'
import { inTurn } from './export-organization.ts'

describe('the export job takes organizations in turn', () => {
  it("makes one organization's ten waiting exports after the others' first", () => {
    const waiting = [
      ...Array.from({ length: 10 }, (_, i) => ({ orgId: 'a', id: `a${i}` })),
      { orgId: 'b', id: 'b0' },
      { orgId: 'c', id: 'c0' },
      { orgId: 'b', id: 'b1' },
    ]
    const order = inTurn(waiting).map((e) => e.id)
    expect(order.slice(0, 5)).toEqual(['a0', 'b0', 'c0', 'a1', 'b1'])
    expect(order.slice(5)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'])
    expect([...order].sort()).toEqual(waiting.map((e) => e.id).sort())
  })

  it('keeps each organization oldest first, and an empty queue empty', () => {
    expect(inTurn([])).toEqual([])
    const one = [1, 2, 3].map((n) => ({ orgId: 'a', id: n }))
    expect(inTurn(one)).toEqual(one)
  })
})
