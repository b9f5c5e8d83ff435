import { useRef, useState, type Ref } from 'react'
import { UserPlus } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { fullName, NewMember, todayIn, type AddedMember } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useAuth } from '../../api/auth.ts'
import { useAddMember, useApproverChoices } from '../../api/members.ts'
import { ApiError, errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from '../ui/Dialog.tsx'
import { CredentialsView } from './CredentialsView.tsx'
import { staffLoginUrl } from './login-instructions.ts'
import { MemberForm, useMemberForm } from './MemberFields.tsx'
import { approverValue, campusIdsOf, memberValues, UNPAID_CHECKED, type MemberValues } from './member-values.ts'

/** Spec section 8: a duplicate (or any 400) gets the spec's wording; anything else its own message. */
const duplicateMember = () => ({
  title: i18next.t('supervisor:members.add.duplicateTitle'),
  description: i18next.t('supervisor:members.add.duplicate'),
})
const isDuplicate = (error: unknown) =>
  error instanceof Error &&
  (error.message.includes('already exists') ||
    (error instanceof ApiError ? error.status === 400 : /^400: /.test(error.message)))

/** The Add Member dialog: the form, then the new member's login, shown this once with copy buttons. */
export function AddMemberDialog() {
  const { t } = useTranslation('supervisor')
  const add = useAddMember()
  const { user } = useAuth()
  const approvers = useApproverChoices()
  const today = todayIn(useOrgTimeZone())
  // The new member's approver is the supervisor adding them unless they choose another; their
  // hire date is today in the organization's zone unless they choose another.
  const initial = (): MemberValues => ({ ...memberValues(), supervisorId: user?.id ?? '', hireDate: today })
  const [open, setOpen] = useState(false)
  const form = useMemberForm(initial, add, t('members.add.failed'))
  const [added, setAdded] = useState<AddedMember | null>(null)
  // The form and the added member's login take turns in one dialog: the button pressed goes with
  // the one it was in, so the focus goes to the other's start (the login's title, the first field).
  const handOff = useFocusHandoff()
  const content = useRef<HTMLDivElement>(null)
  const addedTitle = useRef<HTMLHeadingElement>(null)

  const startOver = () => {
    form.setValues(initial())
    form.errors.clear()
    setAdded(null)
    add.reset()
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) startOver()
  }

  const {
    supervisorId,
    defaultCode,
    hireDate,
    unpaid,
    campusId,
    campusIds,
    payType: _payType,
    payrollId: _payrollId,
    ...spec
  } = form.values
  // A campus only when the church has campuses (none is the spec's call); a supervisor's campuses when some are checked.
  const campus = {
    ...(campusId ? { campusId } : {}),
    ...(spec.role === 'supervisor' && campusIds ? { campusIds: campusIdsOf(campusIds) } : {}),
  }
  // The server's default approver is the supervisor adding: then the spec's call goes as it was.
  const approver = supervisorId === user?.id ? {} : { supervisorId: approverValue(supervisorId) }
  // A default ministry or fund only when one is chosen (none is the spec's call).
  const code = defaultCode ? { defaultCode } : {}
  // Likewise a hire date other than today (the server's default) and an unpaid supervisor.
  const hired = hireDate === today ? {} : { hireDate }
  const pay = spec.role === 'supervisor' && unpaid === UNPAID_CHECKED ? { unpaid: true } : {}
  const onSubmit = form.errors.onSubmit(
    NewMember,
    { ...spec, ...approver, ...code, ...hired, ...pay, ...campus },
    (member) =>
      add.mutate(member, {
        onSuccess: (member) => {
          setAdded(member)
          // The schema promises the login, but answers are not checked in the browser: one without it still reads as added.
          const credentials = member?.temporaryCredentials
          // A supervisor's login is shown once, in the dialog only: a toast is read out and lingers
          // where anyone near the screen sees it. Staff keep the spec's toast.
          toast(
            member?.role === 'supervisor'
              ? { title: t('members.success'), description: t('members.add.supervisorAdded') }
              : credentials
                ? {
                    title: t('members.success'),
                    description: t('members.add.addedWith', credentials),
                    duration: 10_000,
                  }
                : { title: t('members.success'), description: t('members.add.added') },
          )
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return // the shared handler says so and signs in again
          toast(
            isDuplicate(error)
              ? { ...duplicateMember(), variant: 'destructive' }
              : {
                  title: t('members.error'),
                  description: errorMessage(error, t('members.add.failed')),
                  variant: 'destructive',
                },
          )
        },
      }),
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden /> {t('members.add.title')}
        </Button>
      </DialogTrigger>
      <DialogContent ref={content}>
        {added ? (
          <AddedView
            member={added}
            titleRef={addedTitle}
            onAddAnother={() => {
              handOff(() => content.current?.querySelector('form input, form select'))
              startOver()
            }}
          />
        ) : (
          <>
            <DialogHeading title={t('members.add.title')}>{t('members.add.intro')}</DialogHeading>
            <MemberForm
              form={form}
              label={t('members.add.formLabel')}
              onSubmit={(event) => {
                // Once added, the form makes way for the login: the focus goes to its title.
                handOff(() => addedTitle.current)
                onSubmit(event)
              }}
              confirm={t('members.add.title')}
              busy={t('members.add.adding')}
              approvers={approvers}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function AddedView({
  member,
  titleRef,
  onAddAnother,
}: {
  member: AddedMember
  titleRef: Ref<HTMLHeadingElement>
  onAddAnother: () => void
}) {
  const { t } = useTranslation('supervisor')
  const credentials = member.temporaryCredentials
  const name = fullName(member)
  return (
    <>
      <DialogHeading
        titleRef={titleRef}
        title={member.role === 'supervisor' ? t('members.add.supervisorAddedTitle') : t('members.add.addedTitle')}
      >
        {t('members.add.isNow', { name, role: t(`roles.${member.role}`) })}
        {credentials ? t('members.add.signsInAt', { url: staffLoginUrl(window.location.origin) }) : null}
      </DialogHeading>
      {credentials ? <CredentialsView credentials={credentials} firstName={member.firstName} /> : null}
      {member.email && !member.emailConfirmed ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t('members.add.waitsForConfirmation', { email: member.email, name: member.firstName })}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onAddAnother}>
          {t('members.add.another')}
        </Button>
        <DialogClose asChild>
          <Button>{t('members.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  )
}
