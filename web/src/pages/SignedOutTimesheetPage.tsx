import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import { LogIn } from 'lucide-react'
import { useAuth } from '../api/auth.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { signInAgain } from '../lib/unauthorized.ts'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/**
 * /submit-timesheet for a signed-out visitor (spec section 2): the 'Unauthorized' toast, then
 * /staff-login after 500 ms. Nothing happens until the session check has answered: a signed-in
 * member's visit is shown this route only while that check runs, and then gets the real page.
 */
export function SignedOutTimesheetPage() {
  const { t } = useTranslation('public')
  const { isLoading } = useAuth()

  useEffect(() => {
    if (!isLoading) signInAgain()
  }, [isLoading])

  if (isLoading) return <PageLoading />
  return (
    <CenteredCard
      icon={LogIn}
      title={t('signedOut.title')}
      documentTitle={t('signedOut.documentTitle')}
      description={t('signedOut.description')}
    >
      <p className="text-sm text-slate-700" role="status">
        {t('signedOut.taking')}
      </p>
      <LinkButton to="/staff-login" size="lg" className="w-full">
        {t('signedOut.staffLogin')}
      </LinkButton>
    </CenteredCard>
  )
}
