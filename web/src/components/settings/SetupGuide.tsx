import { useEffect, useRef, type ComponentType } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { CheckCircle2, Circle, SkipForward, Users } from 'lucide-react'
import { SETUP_STEPS, type SetupGuide as Progress, type SetupStep, type SetupStepState } from '@app/core'
import { useOrganizationSettings, useUpdateSetupGuide } from '../../api/organization.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { cn } from '../../lib/cn.ts'
import { ApprovalSettingsSection } from '../approvals/ApprovalSettingsSection.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'
import { OrganizationCard, PayrollCard } from './SettingsCards.tsx'
import { TimeOffSettingsSection } from './TimeOffSettingsSection.tsx'

/** Members are added on Employees (one by one until a file import comes): the step leads there. */
function MembersStep() {
  const { t } = useTranslation('supervisor')
  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <p className="text-sm text-slate-700">{t('settings.guide.membersText')}</p>
        <p className="text-sm text-slate-600">{t('settings.guide.membersImport')}</p>
        <LinkButton to="/employees" icon={Users} variant="outline">
          {t('settings.guide.membersLink')}
        </LinkButton>
      </CardContent>
    </Card>
  )
}

/** Each step shows the section Settings already has for it. */
const STEP_CONTENT: Record<SetupStep, ComponentType> = {
  timeZone: OrganizationCard,
  payPeriod: PayrollCard,
  members: MembersStep,
  timeOff: TimeOffSettingsSection,
  approvals: ApprovalSettingsSection,
}

const SKIPPED: SetupStepState = 'skipped'
const DONE: SetupStepState = 'done'

/** Where the guide resumes: the first step neither done nor skipped (none: finished). */
export const resumeStep = (progress: Progress): SetupStep | undefined => SETUP_STEPS.find((s) => !progress[s])

/**
 * The setup guide for a new organization: time zone, pay period, members, time off, approvals. Each
 * step can be marked done or skipped; the marks are kept on the organization (PUT
 * /api/organization/setup-guide), so the guide resumes at the first open step on any device and for
 * any supervisor. `?step=` opens a step again (a skipped one, or one to change).
 */
export function SetupGuide() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  const mark = useUpdateSetupGuide()
  const [params, setParams] = useSearchParams()
  const heading = useRef<HTMLHeadingElement>(null)
  const progress: Progress = settings.data?.setupGuide ?? {}
  const asked = params.get('step')
  const current: SetupStep | undefined = (SETUP_STEPS as readonly string[]).includes(asked ?? '')
    ? (asked as SetupStep)
    : resumeStep(progress)
  const number = current ? SETUP_STEPS.indexOf(current) + 1 : 0
  const finished = SETUP_STEPS.filter((s) => progress[s] === 'done').length

  // A new step takes the focus to its heading, so a keyboard or screen-reader user starts there.
  const shown = useRef(current)
  useEffect(() => {
    if (shown.current !== current) heading.current?.focus()
    shown.current = current
  }, [current])

  const open = (step: SetupStep) => setParams({ step }, { replace: false })
  const markStep = (step: SetupStep, state: SetupStepState) =>
    mark.mutate(
      { step, state },
      {
        onSuccess: () => setParams({}, { replace: false }),
        onError: (error) => toastFailure(t('settings.guide.saveFailed'), error, t('settings.guide.saveFailed')),
      },
    )
  const skip = (step: SetupStep) => markStep(step, SKIPPED)
  const finish = (step: SetupStep) => markStep(step, DONE)

  return (
    <div className="space-y-6">
      <Card id="setup" role="region" aria-labelledby="setup-guide-title">
        <CardHeader>
          <CardTitle id="setup-guide-title">{t('settings.guide.title')}</CardTitle>
          <CardDescription>{t('settings.guide.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm font-medium text-slate-800" data-testid="setup-progress">
            {t('settings.guide.progress', { done: finished, total: SETUP_STEPS.length })}
          </p>
          <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {SETUP_STEPS.map((step, i) => {
              const state = progress[step]
              return (
                <li key={step} data-step={step} data-state={state ?? 'open'}>
                  <button
                    type="button"
                    onClick={() => open(step)}
                    aria-current={step === current ? 'step' : undefined}
                    className={cn(
                      'flex min-h-11 w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm',
                      'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                      step === current ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50',
                    )}
                  >
                    {state === 'done' ? (
                      <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
                    ) : state === 'skipped' ? (
                      <SkipForward className="size-5 shrink-0 text-amber-700" aria-hidden />
                    ) : (
                      <Circle className="size-5 shrink-0 text-slate-400" aria-hidden />
                    )}
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">
                        {t('settings.guide.stepNumber', { number: i + 1 })} {t(`settings.guide.steps.${step}.title`)}
                      </span>
                      <span className="block text-slate-600">{t(`settings.guide.state.${state ?? 'open'}`)}</span>
                    </span>
                  </button>
                </li>
              )
            })}
          </ol>
        </CardContent>
      </Card>

      {current ? (
        <section aria-labelledby="setup-step-title" className="space-y-4" data-testid="setup-step">
          <div className="space-y-1">
            <h2 id="setup-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
              {t('settings.guide.stepOf', { number, total: SETUP_STEPS.length })}{' '}
              {t(`settings.guide.steps.${current}.title`)}
            </h2>
            <p className="text-sm text-slate-600">{t(`settings.guide.steps.${current}.text`)}</p>
          </div>
          <StepContent step={current} />
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={mark.isPending} onClick={() => skip(current)}>
              {t('settings.guide.skip')}
            </Button>
            <Button busy={mark.isPending} busyLabel={t('settings.guide.saving')} onClick={() => finish(current)}>
              {t('settings.guide.done')}
            </Button>
          </div>
        </section>
      ) : (
        <Card role="status">
          <CardContent className="space-y-3 pt-6">
            <p className="font-medium text-slate-900">{t('settings.guide.finished')}</p>
            <LinkButton to="/" variant="outline">
              {t('settings.guide.toDashboard')}
            </LinkButton>
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function StepContent({ step }: { step: SetupStep }) {
  const Content = STEP_CONTENT[step]
  return <Content />
}
