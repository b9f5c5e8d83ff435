import { useTranslation } from 'react-i18next'
import { fullName, type User } from '@app/core'
import { useRemoveMember } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { ConfirmDialog } from '../ui/Dialog.tsx'

/** Asks before removing `member` (null: closed). */
export function RemoveMemberDialog({ member, onClose }: { member: User | null; onClose: () => void }) {
  const { t } = useTranslation('supervisor')
  const remove = useRemoveMember()

  const confirm = () => {
    if (!member) return
    remove.mutate(member.id, {
      onSuccess: () => {
        toast({ title: t('members.success'), description: t('members.remove.removed') })
        onClose()
      },
      onError: (error) => toastFailure(t('members.error'), error, t('members.remove.failed')),
    })
  }

  return (
    <ConfirmDialog
      open={member !== null}
      onClose={() => {
        remove.reset()
        onClose()
      }}
      texts={{
        title: t('members.remove.title'),
        confirm: t('members.remove.confirm'),
        busy: t('members.remove.removing'),
      }}
      variant="destructive"
      onConfirm={confirm}
      pending={remove.isPending}
    >
      {member ? t('members.remove.noSignIn', { name: fullName(member) }) : null}
      {t('members.remove.kept')}
    </ConfirmDialog>
  )
}
