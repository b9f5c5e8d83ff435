import { describe, expect, it } from 'vitest'
import { cpuCosts, sequentialRoundTrips } from './page-load.ts'

describe('sequentialRoundTrips', () => {
  it('counts requests that wait for each other, and requests side by side once', () => {
    const html = { url: '/', start: 0, end: 160 }
    const js = { url: '/assets/index.js', start: 170, end: 330 }
    const session = { url: '/api/auth/user', start: 175, end: 340 }
    const page = { url: '/assets/dashboard.js', start: 345, end: 500 }
    const stats = { url: '/api/dashboard/stats', start: 350, end: 520 }
    expect(sequentialRoundTrips([stats, page, session, js, html])).toEqual({
      depth: 3,
      chain: ['/', '/assets/index.js', '/assets/dashboard.js'],
    })
  })

  it('adds a round trip for a request that starts only after another has finished', () => {
    const chain = [0, 1, 2, 3].map((i) => ({ url: `/${i}`, start: i * 100, end: i * 100 + 90 }))
    expect(sequentialRoundTrips(chain).depth).toBe(4)
    // Each overlapping the next by a millisecond: only every other one waits.
    expect(sequentialRoundTrips(chain.map((r) => ({ ...r, end: r.end + 11 }))).depth).toBe(2)
    expect(sequentialRoundTrips([])).toEqual({ depth: 0, chain: [] })
  })
})

describe('cpuCosts', () => {
  it('sums each function’s self time from the samples, idle left out, by function and by script', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 })
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('render', 'http://127.0.0.1:1/assets/index-Ab12Cd34.js') },
        { id: 4, callFrame: frame('parse', 'http://127.0.0.1:1/assets/zod-Xy98Zw76.js') },
        { id: 5, callFrame: frame('(program)') },
      ],
      startTime: 0,
      endTime: 0,
      samples: [3, 4, 2, 4, 5, 3, 3],
      timeDeltas: [0, 500, 2000, 4000, 1000, 500, 1000],
    }
    const costs = cpuCosts(profile)
    expect(costs.byFunction).toEqual([
      { what: 'parse zod.js:10', ms: 3 },
      { what: 'render index.js:10', ms: 1.5 },
      { what: '(program)', ms: 0.5 },
    ])
    expect(costs.byScript).toEqual([
      { what: 'zod.js', ms: 3 },
      { what: 'index.js', ms: 1.5 },
    ])
  })
})
