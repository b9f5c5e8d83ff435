import { useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './ui/Toast.tsx'
import { dismissToast, TOAST_DURATION_MS, useToasts } from '../lib/toast.ts'
import { currentToastSide, escapeToDialog, type ToastSide } from '../lib/toast-placement.ts'

/**
 * Renders the toasts raised with toast(): one at a time, swipe right to dismiss, F8 to focus (spec
 * section 8).
 * The toast sits at the bottom, or at the top while a dialog's or form's action is under it
 * (measured again as the page scrolls, resizes or changes), and Escape goes to an open dialog.
 */

/** The key that moves the focus to the toasts. */
const HOTKEY = 'F8'

export function Toaster() {
  const { t } = useTranslation('common')
  const toasts = useToasts()
  const list = useRef<HTMLOListElement>(null)
  const [side, setSide] = useState<ToastSide>('bottom')
  const showing = toasts.some((shown) => shown.open)

  useLayoutEffect(() => {
    if (!showing) return
    let frame = 0
    const place = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        if (list.current) setSide(currentToastSide(list.current))
      })
    }
    if (list.current) setSide(currentToastSide(list.current))
    const changes = new MutationObserver(place)
    changes.observe(document.body, { childList: true, subtree: true })
    window.addEventListener('resize', place)
    document.addEventListener('scroll', place, true)
    return () => {
      cancelAnimationFrame(frame)
      changes.disconnect()
      window.removeEventListener('resize', place)
      document.removeEventListener('scroll', place, true)
    }
  }, [showing, toasts])

  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id)
          }}
          onEscapeKeyDown={escapeToDialog}
          duration={duration}
          variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport
        ref={list}
        hotkey={[HOTKEY]}
        // Radix's own name for the region is English ('Notifications (F8)'), whatever the page's language.
        label={t('toastRegion', { hotkey: HOTKEY })}
        data-side={side}
        className={side === 'top' ? 'top-0 bottom-auto' : undefined}
      />
    </ToastProvider>
  )
}
