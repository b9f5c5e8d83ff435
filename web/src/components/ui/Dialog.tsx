import { useTranslation } from 'react-i18next'
import {
  Fragment,
  useRef,
  type ComponentProps,
  type ComponentType,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { cn } from '../../lib/cn.ts'
import { styledPart } from './styled-part.ts'
import { Button, type ButtonProps } from './Button.tsx'
import { FormAlert } from './FormAlert.tsx'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

const CONTROL =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]'

/** The elements holding `element`, nearest first, up to the page's body (not included). */
const ancestorsOf = (element: Element | null) => {
  const out: Element[] = []
  for (let at = element?.parentElement; at && at !== document.body; at = at.parentElement) out.push(at)
  return out
}

/**
 * Where the focus goes back to when the control that opened a dialog has gone (its row left the
 * list, as a decision or a removal does): the first control of the nearest part of the page that
 * held it and is still there (the list's next row, else its card's first control), not the body.
 */
const nearestControl = (place: readonly Element[]) => {
  for (const element of place) {
    if (!element.isConnected) continue
    const shown = [...element.querySelectorAll(CONTROL)].find((c) => c.checkVisibility?.() ?? true)
    if (shown) return shown
  }
  return null
}

/** A modal panel: full width on a phone (scrolls inside), centred and bounded on larger screens. */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Radix gives the focus back to a Dialog.Trigger only; most of our dialogs open from state (a
  // row's icon, a card's button), so on close the focus goes back to whatever had it on opening.
  // It is read at each opening, before the focus moves in: a dialog that stays mounted (Add
  // Member, a confirmation) first renders with the page, long before anyone opens it.
  const { t } = useTranslation('common')
  const opener = useRef<Element | null>(null)
  const openerPlace = useRef<Element[]>([])
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2',
          '-translate-y-1/2 overflow-y-auto rounded-lg bg-white p-4 shadow-xl focus:outline-none sm:p-6',
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement
          openerPlace.current = ancestorsOf(document.activeElement)
          onOpenAutoFocus?.(event)
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event)
          const back = opener.current?.isConnected ? opener.current : nearestControl(openerPlace.current)
          opener.current = null
          openerPlace.current = []
          if (event.defaultPrevented || !(back instanceof HTMLElement)) return
          event.preventDefault()
          back.focus()
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          aria-label={t('close')}
          data-dialog-close=""
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export const DialogHeader = styledPart('div', 'mb-4 flex flex-col gap-1.5 pr-10')
export const DialogFooter = styledPart('div', 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')
export const DialogTitle = styledPart(DialogPrimitive.Title, 'text-lg font-semibold text-slate-900')
export const DialogDescription = styledPart(DialogPrimitive.Description, 'text-sm text-slate-600')

/**
 * A dialog's title and, as children, what it is about. With `titleRef` the title can take the focus
 * (not by Tab): where a long dialog starts a keyboard user, at its top.
 */
export const DialogHeading = ({
  title,
  titleRef,
  children,
}: {
  title: ReactNode
  titleRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}) => (
  <DialogHeader>
    <DialogTitle
      ref={titleRef}
      tabIndex={titleRef ? -1 : undefined}
      className={titleRef ? 'focus:outline-none' : undefined}
    >
      {title}
    </DialogTitle>
    <DialogDescription>{children}</DialogDescription>
  </DialogHeader>
)

/** The footer's Cancel: closes the dialog (disabled while its action runs). */
export function DialogCancel({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('common')
  return (
    <DialogClose asChild>
      <Button variant="outline" disabled={disabled}>
        {t('cancel')}
      </Button>
    </DialogClose>
  )
}

/**
 * A dialog's footer for its one action: Cancel and the action's button, held while it runs. The
 * button submits the dialog's form unless `onClick` is given.
 */
export function DialogActions({
  pending,
  label,
  busyLabel,
  variant,
  onClick,
}: {
  pending: boolean
  label: ReactNode
  busyLabel: string
  variant?: ButtonProps['variant']
  onClick?: () => void
}) {
  return (
    <DialogFooter>
      <DialogCancel disabled={pending} />
      <Button
        type={onClick ? 'button' : 'submit'}
        variant={variant}
        onClick={onClick}
        busy={pending}
        busyLabel={busyLabel}
      >
        {label}
      </Button>
    </DialogFooter>
  )
}

/**
 * A dialog's form (named `label`): its own refusal (`error`, announced) above its fields, then
 * Cancel and the submit button (`confirm`, saying `busy` while `pending`).
 */
export function DialogForm({
  label,
  onSubmit,
  error,
  pending,
  confirm,
  busy,
  variant,
  children,
}: {
  label: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  error: string | null | undefined
  pending: boolean
  confirm: ReactNode
  busy: string
  variant?: ButtonProps['variant']
  children: ReactNode
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={label}>
      <FormAlert message={error} />
      {children}
      <DialogActions pending={pending} label={confirm} busyLabel={busy} variant={variant} />
    </form>
  )
}

/**
 * A dialog about one item, open while there is one (null: closed). Its content is made anew for
 * each item (by `itemKey`), so a form starts from the item it is about.
 */
export function DialogFor<T>({
  item,
  itemKey,
  onClose,
  children,
}: {
  item: T | null
  itemKey: (item: T) => string
  onClose: () => void
  children: (item: T) => ReactNode
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item === null ? null : <Fragment key={itemKey(item)}>{children(item)}</Fragment>}
    </Dialog>
  )
}

/**
 * The `DialogFor` of the items `Form` is about, named for them: `Form` is made anew for each item
 * (by `itemKey`) and told to close with `onDone`.
 */
export const dialogOf =
  <T,>(Form: ComponentType<{ item: T; onDone: () => void }>, itemKey: (item: T) => string) =>
  ({ item, onClose }: { item: T | null; onClose: () => void }) => (
    <DialogFor item={item} itemKey={itemKey} onClose={onClose}>
      {(shown) => <Form item={shown} onDone={onClose} />}
    </DialogFor>
  )

/**
 * A question before an action (revoke a kiosk, remove a member): the title, what it is about, Cancel
 * and the action. Closing is refused while the action runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  texts,
  children,
  onConfirm,
  pending,
  variant,
}: {
  open: boolean
  onClose: () => void
  /** The question's title, the confirming button's text, and what it says while it works. */
  texts: { title: ReactNode; confirm: ReactNode; busy: string }
  children: ReactNode
  onConfirm: () => void
  pending: boolean
  variant?: ButtonProps['variant']
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent role="alertdialog">
        <DialogHeading title={texts.title}>{children}</DialogHeading>
        <DialogActions
          variant={variant}
          onClick={onConfirm}
          pending={pending}
          label={texts.confirm}
          busyLabel={texts.busy}
        />
      </DialogContent>
    </Dialog>
  )
}
