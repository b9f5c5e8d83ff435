import { useState } from 'react'
import { Archive } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { addDays, type CurrentUser, type OrganizationClosure } from '@app/core'
import { errorMessage } from '../api/client.ts'
import { useReopenOrganization } from '../api/exports.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { Button } from '../components/ui/Button.tsx'
import { FormAlert } from '../components/ui/FormAlert.tsx'
import { formatDate } from '../lib/format.ts'

/**
 * What a member of a closed organization sees instead of the app, and nothing else:
 * that it is closed, until when a supervisor may reopen it (the day before the erasure date),
 * Reopen for supervisors, and Sign out.
 */
export function ClosedOrganizationPage({ user }: { user: CurrentUser }) {
  const closure = user.organizationClosed as OrganizationClosure
  const { t } = useTranslation('common')
  const reopen = useReopenOrganization()
  const [problem, setProblem] = useState<string | null>(null)
  const until = formatDate(addDays(closure.eraseOn, -1))
  const supervisor = user.role === 'supervisor'
  return (
    <main id="main" className="min-h-dvh bg-slate-50">
      <CenteredCard
        icon={Archive}
        title={t('closed.title')}
        description={supervisor ? t('closed.reopenUntil', { date: until }) : t('closed.askSupervisor', { date: until })}
      >
        <p className="text-sm text-slate-700">{t('closed.erasure', { date: formatDate(closure.eraseOn) })}</p>
        <FormAlert message={problem} />
        {supervisor ? (
          <Button
            type="button"
            className="w-full"
            disabled={reopen.isPending}
            onClick={() =>
              reopen.mutate(undefined, { onError: (error) => setProblem(errorMessage(error, t('closed.failed'))) })
            }
          >
            {reopen.isPending ? t('closed.reopening') : t('closed.reopen')}
          </Button>
        ) : null}
        <a href="/api/logout?local=true" className="block text-sm font-medium text-indigo-700 hover:underline">
          {t('closed.signOut')}
        </a>
      </CenteredCard>
    </main>
  )
}
