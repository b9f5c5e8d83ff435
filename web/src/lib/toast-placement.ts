/**
 * Where the toast goes so it never covers what a person is about to press: at the
 * bottom as usual, at the top when a visible dialog or form action sits under the bottom spot.
 */
export type ToastSide = 'top' | 'bottom'

/** A dialog's or a form's buttons, and anything marked as an action area. */
export const ACTIONS_SELECTOR =
  '[role="dialog"] button, [role="alertdialog"] button, form button, form [type="submit"], [data-toast-avoid]'

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

/**
 * The side whose toast box (`width` x `height`, at the right edge of a `screenWidth` x
 * `screenHeight` window) leaves `focused` uncovered (the action just pressed, which is pressed
 * again once its toast is read: Save after fixing what the toast says), else covers fewer actions;
 * the bottom when neither or both cover the same.
 */
export function toastSide(
  actions: readonly Box[],
  width: number,
  height: number,
  screenWidth: number,
  screenHeight: number,
  focused?: Box,
): ToastSide {
  const under = (a: Box, top: number, bottom: number) =>
    a.right > screenWidth - width && a.left < screenWidth && a.bottom > top && a.top < bottom && a.bottom > a.top
  const covered = (top: number, bottom: number) => actions.filter((a) => under(a, top, bottom)).length
  if (focused && under(focused, screenHeight - height, screenHeight) && !under(focused, 0, height)) return 'top'
  if (focused && under(focused, 0, height) && !under(focused, screenHeight - height, screenHeight)) return 'bottom'
  const below = covered(screenHeight - height, screenHeight)
  if (below === 0) return 'bottom'
  return covered(0, height) < below ? 'top' : 'bottom'
}

/** The side for the page as it is now, measuring the toast list `list`. */
export function currentToastSide(list: HTMLElement): ToastSide {
  const box = list.getBoundingClientRect()
  const actions = [...document.querySelectorAll(ACTIONS_SELECTOR)].filter((el) => !list.contains(el))
  const active = document.activeElement
  const focused = active && actions.includes(active) ? active.getBoundingClientRect() : undefined
  return toastSide(
    actions.map((el) => el.getBoundingClientRect()),
    box.width,
    box.height,
    window.innerWidth,
    window.innerHeight,
    focused,
  )
}

/**
 * Escape belongs to the dialog: a toast raised inside a dialog would otherwise take the first
 * Escape (it is the newest layer). The dialog is closed by its own Close button, as a click would.
 */
export function escapeToDialog(event: KeyboardEvent) {
  const dialogs = document.querySelectorAll<HTMLElement>(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  )
  const top = dialogs[dialogs.length - 1]
  if (!top) return
  event.preventDefault()
  top.querySelector<HTMLElement>('[data-dialog-close]')?.click()
}
