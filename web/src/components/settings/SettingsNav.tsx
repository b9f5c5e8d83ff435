import { NavLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn.ts'
import type { SettingsPageId } from './settings-pages.ts'
import { settingsPath } from './settings-pages.ts'

/**
 * The list of Settings pages: pills that wrap on a phone, a column beside the page from md up.
 * Plain links (Tab and Enter), the open page marked for screen readers by NavLink's aria-current.
 */
export function SettingsNav({ pages }: { pages: readonly SettingsPageId[] }) {
  const { t } = useTranslation('supervisor')
  return (
    <nav aria-label={t('settings.nav.label')} className="md:sticky md:top-4 md:self-start">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {pages.map((page) => (
          <li key={page}>
            <NavLink
              to={settingsPath(page)}
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-11 items-center rounded-full border px-3 text-sm whitespace-nowrap md:flex md:w-full md:rounded-md md:border-0 md:px-3',
                  'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                  isActive
                    ? 'border-indigo-600 bg-indigo-50 font-semibold text-indigo-800'
                    : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-100 md:bg-transparent',
                )
              }
            >
              {t(`settings.nav.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
