import { useCallback, useLayoutEffect, useRef } from 'react'

/** Where the focus goes: an element's id, or a function that finds the element once React has drawn the change. */
export type FocusTarget = string | (() => Element | null | undefined)

const find = (target: FocusTarget) => (typeof target === 'string' ? document.getElementById(target) : target())

/**
 * Where a browser leaves a focus whose element went away or was disabled: the page's body, or a
 * Radix dialog's own frame (where its focus trap puts a focus that fell out of the dialog).
 */
const isLost = (element: Element | null) =>
  element === null || element === document.body || element.matches('[role="dialog"], [role="alertdialog"]')

/**
 * For a control that goes away when pressed: a Reset with nothing left to reset, Edit that turns its
 * line into a form and the form's Cancel that turns it back, a button that switches a dialog into
 * another mode. The browser drops the focus to the page's body with the control, and a keyboard or
 * screen-reader user has to find their place again.
 *
 * `handOff(target)`, called in the control's handler, moves the focus to `target` in the first render
 * of this component that has lost the focus and shows the target: at once when the change is drawn
 * at once, after the answer when the control waits for a save. Only a lost focus moves; one the
 * person put elsewhere meanwhile stays there. Call it in the component that stays on screen (the one
 * that draws the control or its replacement), so that render is its own.
 */
export function useFocusHandoff() {
  const pending = useRef<{ from: Element | null; target: FocusTarget } | null>(null)
  useLayoutEffect(() => {
    const request = pending.current
    if (!request) return
    const active = document.activeElement
    const { from } = request
    // The control is still there and still has the focus (it waits for an answer): a later render.
    if (!isLost(from) && from!.isConnected && active === from) return
    if (!isLost(active)) {
      pending.current = null
      return
    }
    const element = find(request.target)
    // Not drawn yet (it comes with the answer): a later render.
    if (!(element instanceof HTMLElement || element instanceof SVGElement)) return
    pending.current = null
    element.focus()
  })
  return useCallback((target: FocusTarget) => {
    pending.current = { from: document.activeElement, target }
  }, [])
}
