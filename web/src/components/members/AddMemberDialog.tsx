import { useState, type FormEvent } from 'react'
import { UserPlus } from 'lucide-react'
import { fullName, NewMember, roleLabel, type AddedMember } from '@app/core'
import { useAddMember } from '../../api/members.ts'
import { ApiError, errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import {
  Dialog,
  DialogCancel,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeading,
  DialogTrigger,
} from '../ui/Dialog.tsx'
import { CredentialsView } from './CredentialsView.tsx'
import { staffLoginUrl } from './login-instructions.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import { MEMBER_FIELD_ORDER, MemberFields, type MemberField, type MemberValues } from './MemberFields.tsx'

const empty: MemberValues = {
  firstName: '',
  lastName: '',
  email: '',
  department: '',
  role: 'employee',
  payType: 'non-exempt',
  payrollId: '',
}

/** Spec section 8: a duplicate (or any 400) gets the spec's wording; anything else its own message. */
export const DUPLICATE_MEMBER = {
  title: 'Staff Member Already Exists',
  description: 'A staff member with this email address already exists in the system.',
}
const isDuplicate = (error: unknown) =>
  error instanceof Error &&
  (error.message.includes('already exists') ||
    (error instanceof ApiError ? error.status === 400 : /^400: /.test(error.message)))

/** The Add Member dialog: the form, then the new member's login, shown this once with copy buttons. */
export function AddMemberDialog() {
  const add = useAddMember()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState<MemberValues>(empty)
  const [added, setAdded] = useState<AddedMember | null>(null)

  const errors = useFieldErrors(MEMBER_FIELD_ORDER, add.error)
  const shown = errors.shown
  // A refusal with no field to point at (a plan limit, no free username) is also said in the dialog.
  const formError =
    add.error && !isUnauthorizedError(add.error) && Object.keys(errors.server).length === 0
      ? errorMessage(add.error, 'Failed to add staff member')
      : null

  const startOver = () => {
    setValues(empty)
    errors.clear()
    setAdded(null)
    add.reset()
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) startOver()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const member = errors.check(NewMember, values, event.currentTarget)
    if (!member) return
    add.mutate(member, {
      onSuccess: (member) => {
        setAdded(member)
        // The schema promises the login, but answers are not checked in the browser: one without it still reads as added.
        const credentials = member?.temporaryCredentials
        toast(
          credentials
            ? {
                title: 'Success',
                description: `Staff member added! Username: ${credentials.username}, Password: ${credentials.password}`,
                duration: 10_000,
              }
            : { title: 'Success', description: 'Staff member has been added successfully.' },
        )
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return // the shared handler says so and signs in again
        toast(
          isDuplicate(error)
            ? { ...DUPLICATE_MEMBER, variant: 'destructive' }
            : {
                title: 'Error',
                description: errorMessage(error, 'Failed to add staff member'),
                variant: 'destructive',
              },
        )
      },
    })
  }

  const onChange = (name: MemberField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    errors.clear(name)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden /> Add Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        {added ? (
          <AddedView member={added} onAddAnother={startOver} />
        ) : (
          <>
            <DialogHeading title="Add Member">
              A username and password are made for them; you will see the password once, after adding.
            </DialogHeading>
            <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add member">
              <FormAlert message={formError} />
              <MemberFields values={values} onChange={onChange} shown={shown} disabled={add.isPending} />
              <DialogFooter>
                <DialogCancel disabled={add.isPending} />
                <Button type="submit" disabled={add.isPending} busy={add.isPending} busyLabel="Adding...">
                  Add Member
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function AddedView({ member, onAddAnother }: { member: AddedMember; onAddAnother: () => void }) {
  const credentials = member.temporaryCredentials
  const name = fullName(member)
  return (
    <>
      <DialogHeading title="Member Added">
        {name} is now a {roleLabel[member.role]}.
        {credentials ? ` They sign in at ${staffLoginUrl(window.location.origin)} with:` : null}
      </DialogHeading>
      {credentials ? <CredentialsView credentials={credentials} firstName={member.firstName} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onAddAnother}>
          Add Another
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  )
}
