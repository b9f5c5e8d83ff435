import { describe, expect, it } from 'vitest'
import { sideBySide } from './side-by-side.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))
class Busy extends Error {}

describe('sideBySide', () => {
  it('works on every item once, never more than `workers` at a time', async () => {
    let inFlight = 0
    let most = 0
    const done: number[] = []
    await sideBySide(
      Array.from({ length: 25 }, (_, i) => i),
      8,
      async (i) => {
        most = Math.max(most, ++inFlight)
        await tick()
        done.push(i)
        inFlight--
      },
    )
    expect(most).toBe(8)
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i))
  })

  it('puts an item back after a failure `again` accepts, up to `tries` in all', async () => {
    const tried = new Map<string, number>()
    const work = async (item: string) => {
      const n = (tried.get(item) ?? 0) + 1
      tried.set(item, n)
      await tick()
      if (item === 'busy twice' && n <= 2) throw new Busy()
    }
    await sideBySide(['a', 'busy twice', 'b'], 2, work, { again: (e) => e instanceof Busy, tries: 3 })
    expect(Object.fromEntries(tried)).toEqual({ a: 1, 'busy twice': 3, b: 1 })

    tried.clear()
    const always = async (item: string) => {
      tried.set(item, (tried.get(item) ?? 0) + 1)
      await tick()
      if (item === 'always busy') throw new Busy('still busy')
    }
    await expect(sideBySide(['always busy'], 2, always, { again: (e) => e instanceof Busy, tries: 3 })).rejects.toThrow(
      'still busy',
    )
    expect(tried.get('always busy')).toBe(3)
  })

  it('stops taking items after another failure, and throws it once the items in hand have settled', async () => {
    const started: number[] = []
    const settled: number[] = []
    const run = sideBySide(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      async (i) => {
        started.push(i)
        await tick()
        if (i === 1) throw new Error('row 1 broke')
        await tick()
        settled.push(i)
      },
      { again: (e) => e instanceof Busy },
    )
    await expect(run).rejects.toThrow('row 1 broke')
    // The four in hand when row 1 broke: the three others finished before the failure was thrown.
    expect(started).toEqual([0, 1, 2, 3])
    expect(settled.sort()).toEqual([0, 2, 3])
  })

  it('does nothing with no items', async () => {
    let called = false
    await sideBySide([], 8, async () => {
      called = true
    })
    expect(called).toBe(false)
  })
})
