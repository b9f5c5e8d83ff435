import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * False while React hydrates a page rendered at build time (and in that render on the server),
 * true from then on and on every page rendered on the device. A prerendered page's controls stay
 * disabled until their handlers are attached, so a click or a typed password before the code
 * arrives is never lost, nor sent by the browser's own form submission.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
