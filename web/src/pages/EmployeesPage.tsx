import { FileUp, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { wholeChurch } from '@app/core'
import { AddMemberDialog } from '../components/members/AddMemberDialog.tsx'
import { staffLoginUrl } from '../components/members/login-instructions.ts'
import { MembersList } from '../components/members/MembersList.tsx'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { Card, CardContent, TitledCard } from '../components/ui/Card.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/** Member management (spec section 2), supervisors only. */
export function EmployeesPage() {
  const { t } = useTranslation('supervisor')
  return (
    <SupervisorPage message={t('members.denied')}>
      {(user) => (
        <PageLayout
          title={t('members.title')}
          intro={t('members.intro')}
          actions={
            <div className="flex flex-col gap-2 sm:flex-row">
              {/* The whole church's supervisors import members: an import may add them at any campus. */}
              {wholeChurch(user) ? (
                <LinkButton to="/employees/import" variant="outline" icon={FileUp}>
                  {t('memberImport.link')}
                </LinkButton>
              ) : null}
              <AddMemberDialog />
            </div>
          }
        >
          <Card className="border-indigo-200 bg-indigo-50">
            <CardContent className="flex gap-3 pt-4 sm:pt-6">
              <Info className="mt-0.5 size-5 shrink-0 text-indigo-700" aria-hidden />
              <div className="space-y-1 text-sm text-indigo-950">
                <h2 className="font-semibold">{t('members.howTitle')}</h2>
                <p>{t('members.howAt')}</p>
                <p className="font-mono break-all">{staffLoginUrl(window.location.origin)}</p>
                <p>{t('members.howRest')}</p>
              </div>
            </CardContent>
          </Card>

          <TitledCard title={t('members.listTitle')}>
            <MembersList currentUserId={user.id} />
          </TitledCard>
        </PageLayout>
      )}
    </SupervisorPage>
  )
}
