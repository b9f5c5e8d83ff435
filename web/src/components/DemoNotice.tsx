import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Eye } from 'lucide-react'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'

/** The notice's words in the current language ('You are exploring a read-only demo. ...'). */
export const demoNotice = () => i18next.t('common:demo.notice')

const linkClass =
  'inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-amber-950 underline underline-offset-4 hover:text-amber-800 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none sm:min-h-9'

/**
 * Under the header of every signed-in page in the demo session. 'Sign up free' starts a normal
 * sign-in: the API's callback ends the demo session when it opens the new one, so no sign-out first.
 */
export function DemoNotice() {
  const { t } = useTranslation('common')
  return (
    <section aria-label={t('demo.region')} className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 text-sm">
        <Eye className="size-4 shrink-0 text-amber-700" aria-hidden />
        <p className="min-w-0 flex-1">{t('demo.notice')}</p>
        <span className="flex items-center gap-1">
          <Link to="/demo" className={linkClass}>
            {t('demo.switchRole')}
          </Link>
          <a href={SUPERVISOR_LOGIN_URL} className={linkClass}>
            {t('demo.signUp')}
          </a>
        </span>
      </div>
    </section>
  )
}
