import { useTranslation } from 'react-i18next'
import { fullName, MemberUpdate, type User } from '@app/core'
import { useApproverChoices, useUpdateMember } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { DialogContent, DialogHeading, dialogOf } from '../ui/Dialog.tsx'
import { MemberPinForm } from './MemberPinForm.tsx'
import { UnconfirmedEmail } from './UnconfirmedEmail.tsx'
import { MemberForm, useMemberForm } from './MemberFields.tsx'
import { approverValue, campusIdsOf, MEMBER_FIELD_ORDER, memberValues, UNPAID_CHECKED } from './member-values.ts'
import type { MemberValues } from './member-values.ts'

/** The fields the person changed: a PATCH carries only those, so an unchanged empty email is not refused. */
const changedFields = (values: MemberValues, member: User) => {
  const before = memberValues(member)
  return Object.fromEntries(
    MEMBER_FIELD_ORDER.filter((name) => values[name] !== before[name]).map((name) => [
      name,
      name === 'supervisorId' || name === 'defaultCode' || name === 'campusId'
        ? approverValue(values[name])
        : name === 'campusIds'
          ? campusIdsOf(values.campusIds)
          : name === 'unpaid'
            ? values.unpaid === UNPAID_CHECKED
            : values[name],
    ]),
  ) as Partial<Omit<MemberValues, 'supervisorId' | 'defaultCode' | 'unpaid' | 'campusId' | 'campusIds'>> & {
    supervisorId?: string | null
    defaultCode?: string | null
    campusId?: string | null
    campusIds?: string[]
    unpaid?: boolean
  }
}

/** Edit: the Add Member dialog's fields, filled in, plus pay type and payroll ID (null: closed). */
function EditMemberForm({ item: member, onDone }: { item: User; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const update = useUpdateMember()
  const approvers = useApproverChoices().filter((a) => a.id !== member.id)
  const form = useMemberForm(() => memberValues(member), update, t('members.edit.failed'))
  const onSubmit = form.errors.onSubmit(MemberUpdate, changedFields(form.values, member), (changes) =>
    update.mutate(
      { id: member.id, changes },
      {
        onSuccess: (updated) => {
          toast({
            title: t('members.edit.updatedTitle'),
            description: t('members.edit.updated', { name: fullName(updated) }),
          })
          onDone()
        },
        onError: (error) => toastFailure(t('members.error'), error, t('members.edit.failed')),
      },
    ),
  )

  return (
    <DialogContent>
      <DialogHeading title={t('members.edit.title')}>
        {t('members.edit.intro', { name: fullName(member) })}
      </DialogHeading>
      {member.email && !member.emailConfirmed ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <UnconfirmedEmail member={member} />
        </p>
      ) : null}
      <MemberForm
        form={form}
        label={t('members.edit.formLabel')}
        onSubmit={onSubmit}
        confirm={t('members.edit.save')}
        busy={t('members.edit.saving')}
        approvers={approvers}
        withPay
        editing
      />
      <MemberPinForm member={member} />
    </DialogContent>
  )
}

/** The dialog, open while it has a member (null: closed). */
export const EditMemberDialog = dialogOf(EditMemberForm, (m) => m.id)
