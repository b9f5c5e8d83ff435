import { useTranslation } from 'react-i18next'
/** The first stop for keyboard users: jumps past the header to the page. */
export function SkipLink() {
  const { t } = useTranslation('common')
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-4 py-2 font-medium text-indigo-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-indigo-500"
    >
      {t('skipToContent')}
    </a>
  )
}
