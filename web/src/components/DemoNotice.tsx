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
      {/* On a phone the sentence takes the full width and the links go under it (squeezed
          beside them, it read one word per line); from sm up, all on one line. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-y-1 px-4 py-1.5 text-sm sm:flex-row sm:items-center sm:gap-x-3">
        <p className="flex min-w-0 items-start gap-2 sm:flex-1 sm:items-center">
          <Eye className="mt-0.5 size-4 shrink-0 text-amber-700 sm:mt-0" aria-hidden />
          <span data-testid="demo-notice-text">{t('demo.notice')}</span>
        </p>
        <span className="-ml-2 flex flex-wrap items-center gap-1 sm:ml-0">
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
