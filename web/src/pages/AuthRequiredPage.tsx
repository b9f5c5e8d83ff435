import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import { Lock } from 'lucide-react'
import { browser, SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

export const AUTH_REQUIRED_REDIRECT_MS = 3000

export function AuthRequiredPage() {
  const { t } = useTranslation('public')
  useEffect(() => {
    const timer = setTimeout(() => browser.navigate(SUPERVISOR_LOGIN_URL), AUTH_REQUIRED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [])

  return (
    <CenteredCard icon={Lock} title={t('authRequired.title')} description={t('authRequired.description')}>
      <p className="text-sm text-slate-700" role="status">
        {t('authRequired.redirecting')}
      </p>
      <div className="flex flex-col gap-3">
        <LinkButton href={SUPERVISOR_LOGIN_URL} size="lg">
          {t('authRequired.signInNow')}
        </LinkButton>
        <LinkButton to="/" size="lg" variant="outline">
          {t('authRequired.back')}
        </LinkButton>
      </div>
      <p className="text-xs text-slate-600">{t('authRequired.newHere')}</p>
    </CenteredCard>
  )
}
