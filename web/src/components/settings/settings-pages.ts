/**
 * The pages of Settings, in the order the navigation lists them, each at /settings/<id>. The
 * sections' own element ids (#payroll, #data...) were the addresses of the one long page that came
 * before, and emails already sent link to them: `pageForHash` reads such an address as its page.
 */
export const SETTINGS_PAGES = [
  'setup',
  'organization',
  'payroll',
  'time-off',
  'ministries',
  'campuses',
  'approvals',
  'notifications',
  'kiosks',
  'api',
  'webhooks',
  'integrations',
  'data',
] as const
export type SettingsPageId = (typeof SETTINGS_PAGES)[number]

/** What /settings opens: the organization's own settings (the guide is one link away in the list). */
export const FIRST_SETTINGS_PAGE: SettingsPageId = 'organization'

/**
 * The pages a campus admin has: their kiosks, API tokens and notifications, and Campuses and
 * Integrations (which say those are the whole church's to change). The others change the whole
 * church, which the server leaves to its whole-church supervisors.
 */
const CAMPUS_ADMIN_PAGES: readonly SettingsPageId[] = ['campuses', 'notifications', 'kiosks', 'api', 'integrations']

/** The pages a supervisor has, in the navigation's order, and the one /settings opens. */
export const settingsPagesFor = (wholeChurch: boolean) => {
  const pages = wholeChurch ? SETTINGS_PAGES : SETTINGS_PAGES.filter((p) => CAMPUS_ADMIN_PAGES.includes(p))
  return { pages, first: pages.includes(FIRST_SETTINGS_PAGE) ? FIRST_SETTINGS_PAGE : pages[0]! }
}

/** A section's old anchor, where it differs from its page's id. */
const OLD_ANCHORS: Record<string, SettingsPageId> = {
  'allocation-codes': 'ministries',
  kiosk: 'kiosks',
}

export const settingsPath = (page: SettingsPageId) => `/settings/${page}`

/** The page an old address's anchor (`#payroll`) names, if any. */
export const pageForHash = (hash: string): SettingsPageId | undefined => {
  const anchor = hash.replace(/^#/, '')
  return (SETTINGS_PAGES as readonly string[]).includes(anchor) ? (anchor as SettingsPageId) : OLD_ANCHORS[anchor]
}
