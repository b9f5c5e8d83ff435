import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGES } from '@app/core'
import { chooseLanguage, currentLanguage } from '../i18n.ts'
import { useHydrated } from '../lib/hydrated.ts'

/**
 * The signed-out pages' language choice (in the footer): kept on this device. Signed-in members
 * choose on /profile, where the choice is kept on their user.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation('common')
  const id = useId()
  const hydrated = useHydrated()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={!hydrated}
        onChange={(e) => isLanguage(e.target.value) && void chooseLanguage(e.target.value)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
