import { useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { UpdatePrompt } from './UpdatePrompt.tsx'

/**
 * Registers the service worker (built by vite-plugin-pwa; nothing in development) and offers a
 * new version when one is deployed. Rendered once, from main.tsx: the virtual module exists only
 * in Vite builds, not in the component tests.
 */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW()
  const [updating, setUpdating] = useState(false)
  return (
    <UpdatePrompt
      needRefresh={needRefresh}
      updating={updating}
      onUpdate={() => {
        setUpdating(true)
        void updateServiceWorker(true)
      }}
      onDismiss={() => setNeedRefresh(false)}
    />
  )
}
