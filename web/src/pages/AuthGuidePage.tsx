import { useTranslation } from 'react-i18next'
import { ArrowLeft, LogIn, ShieldCheck, UserPlus, Users } from 'lucide-react'
import { IconCard } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { PageLayout } from '../components/PageLayout.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/** The questions, by their keys under authGuide.faq in the public catalogue (.q and .a). */
const faq = ['account', 'supervisor', 'staff', 'password', 'card'] as const

export function AuthGuidePage() {
  const { t } = useTranslation('public')
  return (
    <PageLayout look="guide" title={t('authGuide.title')} intro={t('authGuide.intro')}>
      <IconCard icon={LogIn} title={t('authGuide.signingIn.title')} contentClassName="space-y-3 text-sm text-slate-700">
        <p>{t('authGuide.signingIn.choose')}</p>
        <p>{t('authGuide.signingIn.first')}</p>
        <LinkButton href={SUPERVISOR_LOGIN_URL}>{t('authGuide.supervisorLogin')}</LinkButton>
      </IconCard>

      <IconCard icon={ShieldCheck} title={t('authGuide.types.title')}>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="rounded-md bg-slate-50 p-4">
            <dt className="font-semibold text-slate-900">{t('authGuide.types.supervisor')}</dt>
            <dd className="mt-1 text-slate-700">{t('authGuide.types.supervisorText')}</dd>
          </div>
          <div className="rounded-md bg-slate-50 p-4">
            <dt className="font-semibold text-slate-900">{t('authGuide.types.employee')}</dt>
            <dd className="mt-1 text-slate-700">{t('authGuide.types.employeeText')}</dd>
          </div>
        </dl>
      </IconCard>

      <IconCard icon={UserPlus} title={t('authGuide.adding.title')} contentClassName="space-y-2 text-sm text-slate-700">
        <p>{t('authGuide.adding.text')}</p>
      </IconCard>

      <IconCard icon={Users} title={t('authGuide.faq.title')}>
        <dl className="space-y-4 text-sm">
          {faq.map((key) => (
            <div key={key}>
              <dt className="font-semibold text-slate-900">{t(`authGuide.faq.${key}.q`)}</dt>
              <dd className="mt-1 text-slate-700">{t(`authGuide.faq.${key}.a`)}</dd>
            </div>
          ))}
        </dl>
      </IconCard>

      <LinkButton to="/" icon={ArrowLeft} variant="outline">
        {t('authGuide.back')}
      </LinkButton>
    </PageLayout>
  )
}
