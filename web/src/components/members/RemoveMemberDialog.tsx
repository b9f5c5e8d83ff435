import { fullName, type User } from '@app/core'
import { errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { useRemoveMember } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/Dialog.tsx'

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
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to remove staff member'),
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          remove.reset()
          onClose()
        }
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Remove Member?</DialogTitle>
          <DialogDescription>
            {member ? `${fullName(member)} will no longer be able to sign in. ` : null}
            Their submitted timesheets are kept for your records.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
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
