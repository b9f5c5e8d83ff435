import {
  choosePage,
  pageChoiceConfig,
  SECURE_SESSION_COOKIE,
  type PageChoiceConfig,
  type PageRequest,
} from '../src/page-choice.ts'

/** The deployed site's page choice: its session cookie is the secure one. */
export const siteConfig = pageChoiceConfig(SECURE_SESSION_COOKIE)

/**
 * The file that answers `uri` on the site (or under `config`), for a visitor with no language,
 * cookie or query unless `more` says.
 */
export const page = (uri: string, more: Partial<PageRequest> = {}, config: PageChoiceConfig = siteConfig) =>
  choosePage({ uri, acceptLanguage: '', cookieNames: [], hasQuery: false, ...more }, config)
