import fc from 'fast-check'

/** Any time of day as a time field holds it: 'HH:MM', from 00:00 to 23:59. */
export const anyTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
