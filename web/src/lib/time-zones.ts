import { foldForSearch, zoneName } from '@app/core'

export interface ZoneChoice {
  /** The IANA id the server stores, such as 'America/Chicago'. */
  id: string
  /** What a person reads: 'Central Time (US & Canada)', or 'Berlin (Europe)'. */
  label: string
  /** Label and id folded for search (accents and case ignored). */
  key: string
}

/**
 * The zones most of our organizations use, listed first, with the names people know them by.
 * The zone's own name comes from Intl; only the region in brackets is ours.
 */
const FAMILIAR: readonly (readonly [id: string, region: string])[] = [
  ['America/New_York', 'US & Canada'],
  ['America/Chicago', 'US & Canada'],
  ['America/Denver', 'US & Canada'],
  ['America/Phoenix', 'Arizona'],
  ['America/Los_Angeles', 'US & Canada'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
  ['America/Puerto_Rico', 'Puerto Rico'],
  ['America/Halifax', 'Canada'],
  ['America/St_Johns', 'Canada'],
]

const choice = (id: string, label: string): ZoneChoice => ({
  id,
  label,
  key: foldForSearch(`${label} ${id.replaceAll('_', ' ')}`),
})

/** 'Berlin (Europe)', 'Indiana/Knox (America)', 'UTC': from the id alone, no Intl call per zone. */
const plainLabel = (id: string): string => {
  const [region, ...place] = id.split('/')
  return place.length === 0 ? id : `${place.join('/').replaceAll('_', ' ')} (${region})`
}

/**
 * Every zone the browser knows (Intl.supportedValuesOf), familiar ones first by the names Intl
 * gives them, then the rest by place. The saved zone is kept even when this browser does not
 * list it. Naming every zone through Intl costs a formatter each (a second in a test browser),
 * so only the familiar ones are named up front; `describeZone` names the ones on screen.
 */
export function timeZoneChoices(saved: string, locale = 'en-US', at: Date = new Date()): ZoneChoice[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const familiarIds = new Set(FAMILIAR.map(([id]) => id))
  const familiar = FAMILIAR.map(([id, region]) => choice(id, `${zoneName(id, locale, at)} (${region})`))
  const rest = [...new Set([...all, saved, 'UTC'])]
    .filter((id) => !familiarIds.has(id))
    .map((id) => choice(id, plainLabel(id)))
    .sort((a, b) => a.label.localeCompare(b.label))
  return [...familiar, ...rest]
}

const described = new Map<string, string>()

/** 'Central European Time · GMT+01:00' for a zone on screen, cached. */
export const describeZone = (id: string, locale = 'en-US', at: Date = new Date()): string => {
  const cacheKey = `${locale} ${id}`
  let text = described.get(cacheKey)
  if (text === undefined) {
    const offset =
      new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? ''
    const name = zoneName(id, locale, at)
    text = name === id ? offset : `${name} · ${offset}`
    described.set(cacheKey, text)
  }
  return text
}

/** The choices whose label or id contain every typed word, accents and case ignored. */
export const filterZones = (choices: readonly ZoneChoice[], query: string): ZoneChoice[] => {
  const words = foldForSearch(query).split(' ').filter(Boolean)
  return words.length === 0 ? [...choices] : choices.filter((c) => words.every((w) => c.key.includes(w)))
}
