import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApprovalSettings, mayChangeApprovals, wholeChurch } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { useApproverChoices } from '../../api/members.ts'
import { useApprovalSettings, useUpdateApprovalSettings } from '../../api/organization.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { CheckboxRow } from '../ui/FormField.tsx'
import { SettingsSectionCard } from '../settings/SettingsSectionCard.tsx'
import { SavedForm } from '../ui/Remounted.tsx'

/** The catalogue group of this section's texts. */
const TEXTS = 'settings.approvals'

const ORDER = ['twoStep', 'finalApproverIds'] as const

/** Settings → Approvals: the optional second approval and its final approvers. */
export function ApprovalSettingsSection() {
  const { t } = useTranslation('supervisor')
  const saved = useApprovalSettings()
  return (
    <SettingsSectionCard id="approvals" titleId="approval-settings-title" texts={TEXTS}>
      <SavedForm query={saved} loading={t('settings.loading')} loadError={t('settings.loadError')}>
        {(data) => <ApprovalSettingsForm saved={data} />}
      </SavedForm>
    </SettingsSectionCard>
  )
}

function ApprovalSettingsForm({ saved }: { saved: ApprovalSettings }) {
  const { t } = useTranslation('supervisor')
  const supervisors = useApproverChoices()
  const { user } = useAuth()
  // The server's rule: while the second approval is on, only its final approvers change it.
  const locked = user !== null && !mayChangeApprovals(user.id, saved, new Set(supervisors.map((s) => s.id)))
  const update = useUpdateApprovalSettings()
  const [twoStep, setTwoStep] = useState(saved.twoStep)
  const [finals, setFinals] = useState<string[]>(saved.finalApproverIds)
  const errors = useFieldErrors(ORDER, update.error)
  const formError = errors.formError(t('settings.approvals.failed'))
  const toggle = (id: string, on: boolean) => {
    setFinals((f) => (on ? [...f, id] : f.filter((x) => x !== id)))
    errors.clear('finalApproverIds')
  }
  const onSubmit = errors.onSubmit(ApprovalSettings, { twoStep, finalApproverIds: twoStep ? finals : [] }, (settings) =>
    update.mutate(settings, {
      onSuccess: () => toast({ title: t('settings.approvals.savedTitle'), description: t('settings.approvals.saved') }),
      onError: (error) => toastFailure(t('settings.approvals.failedTitle'), error, t('settings.approvals.failed')),
    }),
  )
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={t('settings.approvals.title')}
      aria-describedby={locked ? 'approvals-locked' : undefined}
    >
      {locked ? (
        <p id="approvals-locked" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          {t('settings.approvals.locked')}
        </p>
      ) : null}
      {formError ? <FieldMessage id="approvals-error">{formError}</FieldMessage> : null}
      <fieldset disabled={locked} className="space-y-4">
        <CheckboxRow
          id="twoStep"
          name="twoStep"
          checked={twoStep}
          onChange={setTwoStep}
          disabled={locked}
          label={t('settings.approvals.twoStep')}
          hint={t('settings.approvals.twoStepHint')}
        />
        {twoStep ? (
          <fieldset className="space-y-2" aria-describedby={errors.shown.finalApproverIds ? 'finals-error' : undefined}>
            <legend className="text-sm font-medium text-slate-900">{t('settings.approvals.finalApprovers')}</legend>
            {supervisors
              .filter((s) => wholeChurch(s) || finals.includes(s.id))
              .map((s) => (
                <label key={s.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="finalApproverIds"
                    value={s.id}
                    className="size-4"
                    checked={finals.includes(s.id)}
                    onChange={(e) => toggle(s.id, e.target.checked)}
                  />
                  {s.name}
                </label>
              ))}
            {errors.shown.finalApproverIds ? (
              <FieldMessage id="finals-error">{errors.shown.finalApproverIds}</FieldMessage>
            ) : null}
          </fieldset>
        ) : null}
      </fieldset>
      {locked ? null : (
        <Button type="submit" disabled={update.isPending}>
          {t('settings.approvals.save')}
        </Button>
      )}
    </form>
  )
}
