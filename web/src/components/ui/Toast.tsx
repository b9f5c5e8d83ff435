import i18next from 'i18next'
import type { ComponentProps } from 'react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { cn } from '../../lib/cn.ts'
import { styledPart } from './styled-part.ts'
import type { ToastVariant } from '../../lib/toast.ts'

export const ToastProvider = ToastPrimitive.Provider

export const ToastViewport = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) => (
  <ToastPrimitive.Viewport
    className={cn(
      'fixed right-0 bottom-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm',
      className,
    )}
    {...props}
  />
)

const variants: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
}

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant
}

export const Toast = ({ variant = 'default', className, ...props }: ToastProps) => (
  <ToastPrimitive.Root
    className={cn(
      'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
      'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
      'data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
      variants[variant],
      className,
    )}
    {...props}
  />
)

export const ToastTitle = styledPart(ToastPrimitive.Title, 'text-sm font-semibold')
// Full colour: at 90% the destructive toast's text on red fails AA contrast (4.0:1).
export const ToastDescription = styledPart(ToastPrimitive.Description, 'text-sm')

export const ToastClose = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) => (
  <ToastPrimitive.Close
    aria-label={i18next.t('common:close')}
    className={cn(
      'absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-md opacity-80 hover:opacity-100',
      'focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none',
      className,
    )}
    {...props}
  >
    <X className="size-4" aria-hidden />
  </ToastPrimitive.Close>
)
