import { fullName, type User } from '@app/core'
import { useRemoveMember } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { closeWhenIdle } from './close-when-idle.ts'

/** Asks before removing `member` (null: closed). */
export function RemoveMemberDialog({ member, onClose }: { member: User | null; onClose: () => void }) {
  const remove = useRemoveMember()

  const confirm = () => {
    if (!member) return
    remove.mutate(member.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Employee has been removed.' })
        onClose()
      },
      onError: (error) => toastFailure('Error', error, 'Failed to remove staff member'),
    })
  }

  return (
    <Dialog open={member !== null} onOpenChange={closeWhenIdle(remove, onClose)}>
      <DialogContent role="alertdialog">
        <DialogHeading title="Remove Member?">
          {member ? `${fullName(member)} will no longer be able to sign in. ` : null}
          Their submitted timesheets are kept for your records.
        </DialogHeading>
        <DialogFooter>
          <DialogCancel disabled={remove.isPending} />
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending}
            busy={remove.isPending}
            busyLabel="Removing..."
          >
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
