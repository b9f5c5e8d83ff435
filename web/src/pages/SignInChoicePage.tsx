import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Building2, Clock } from 'lucide-react'
import type { TFunction } from 'i18next'
import type { SignInChoice, SignInDecision } from '@app/core'
import { signInChoiceQuery, useChooseSignIn } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { browser, SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { Button } from '../components/ui/Button.tsx'
import { FormAlert } from '../components/ui/FormAlert.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/** The question, worded for what the person was offered. */
const titleOf = (choice: SignInChoice, t: TFunction<'public'>) => {
  const [only, ...more] = choice.invitations
  if (!only) return t('signInChoice.titleNone')
  if (more.length > 0) return t('signInChoice.titleMany')
  return only.inviterName
    ? t('signInChoice.title', { organization: only.organizationName, name: only.inviterName })
    : t('signInChoice.titleNoInviter', { organization: only.organizationName })
}

const joining = (organizationId: string): SignInDecision => ({ choice: 'join', organizationId })
const startingOwn: SignInDecision = { choice: 'own' }

/**
 * A first Supervisor Login whose verified email was invited by an organization lands here: the
 * person joins it or starts their own, and nothing is made before they choose.
 */
export function SignInChoicePage() {
  const { t } = useTranslation('public')
  const choice = useQuery(signInChoiceQuery)
  const choose = useChooseSignIn()
  if (choice.isPending) return <PageLoading />
  if (choice.isError)
    return (
      <CenteredCard icon={Clock} title={t('signInChoice.expiredTitle')} description={t('signInChoice.expired')}>
        <LinkButton href={SUPERVISOR_LOGIN_URL} size="lg">
          {t('signInChoice.signInAgain')}
        </LinkButton>
      </CenteredCard>
    )
  const { data } = choice
  const decide = (decision: SignInDecision) =>
    choose.mutate(decision, { onSuccess: ({ returnTo }) => browser.navigate(returnTo) })
  const busy = choose.isPending || choose.isSuccess
  return (
    <CenteredCard
      icon={Building2}
      title={titleOf(data, t)}
      description={t('signInChoice.signedInAs', { email: data.email })}
      contentClassName="space-y-4"
    >
      <FormAlert message={choose.isError ? errorMessage(choose.error, t('signInChoice.failed')) : null} />
      {data.invitations.length > 0 ? (
        <section aria-labelledby="join-heading" className="space-y-2">
          <h2 id="join-heading" className="text-base font-semibold text-slate-900">
            {t('signInChoice.joinHeading')}
          </h2>
          <p className="text-sm text-slate-700">{t('signInChoice.joinHelp')}</p>
          <ul className="space-y-2">
            {data.invitations.map((i) => (
              <li key={i.organizationId}>
                <Button
                  size="lg"
                  wrap
                  className="w-full"
                  disabled={busy}
                  onClick={() => decide(joining(i.organizationId))}
                >
                  {i.inviterName
                    ? t('signInChoice.join', { organization: i.organizationName, name: i.inviterName })
                    : t('signInChoice.joinNoInviter', { organization: i.organizationName })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="text-sm text-slate-700">{t('signInChoice.noneOpen')}</p>
      )}
      <section aria-labelledby="own-heading" className="space-y-2">
        <h2 id="own-heading" className="text-base font-semibold text-slate-900">
          {t('signInChoice.ownHeading')}
        </h2>
        <p className="text-sm text-slate-700">{t('signInChoice.ownHelp')}</p>
        <Button size="lg" variant="outline" wrap className="w-full" disabled={busy} onClick={() => decide(startingOwn)}>
          {t('signInChoice.own')}
        </Button>
      </section>
    </CenteredCard>
  )
}
