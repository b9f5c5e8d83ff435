import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../api/auth.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { AddMemberDialog } from '../components/members/AddMemberDialog.tsx'
import { staffLoginUrl } from '../components/members/login-instructions.ts'
import { MembersList } from '../components/members/MembersList.tsx'
import { SupervisorOnly } from '../components/members/SupervisorOnly.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/Card.tsx'

const EMPLOYEES_DENIED_REDIRECT_MS = 500

/** Member management (spec section 2), supervisors only. */
export function EmployeesPage() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} message={t('members.denied')} redirectAfterMs={EMPLOYEES_DENIED_REDIRECT_MS}>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <DocumentTitle title={t('members.title')} />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('members.title')}</h1>
            <p className="text-sm text-slate-600">{t('members.intro')}</p>
          </div>
          <AddMemberDialog />
        </header>

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

        <Card>
          <CardHeader>
            <CardTitle>{t('members.listTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <MembersList currentUserId={user.id} />
          </CardContent>
        </Card>
      </div>
    </SupervisorOnly>
  )
}
