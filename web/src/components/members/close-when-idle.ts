/**
 * The member dialogs' `onOpenChange`: closing is refused while the dialog's call runs; otherwise the
 * call's outcome is forgotten (the next member starts clean) and the dialog closes.
 */
export const closeWhenIdle =
  (call: { isPending: boolean; reset: () => void }, onClose: () => void) => (open: boolean) => {
    if (!open && !call.isPending) {
      call.reset()
      onClose()
    }
  }
