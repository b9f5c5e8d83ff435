/**
 * Zones found valid: making an Intl formatter to check one is slow (a sixth of the dashboard's own
 * script time on a slow phone), and screens check the organization's zone on every
 * render. Only valid names are kept, so the set stays as small as the runtime's list of zones.
 */
const validZones = new Set<string>()

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string') return false
  if (validZones.has(timeZone)) return true
  try {
    // Intl refuses a blank or unknown zone with a RangeError.
    new Intl.DateTimeFormat('en-US', { timeZone })
    validZones.add(timeZone)
    return true
  } catch {
    return false
  }
}
