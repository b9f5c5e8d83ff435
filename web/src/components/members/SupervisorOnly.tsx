import { useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { wholeChurch, type User } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { toast } from '../../lib/toast.ts'
import { PageLoading } from '../PageLoading.tsx'
import { Card, CardContent } from '../ui/Card.tsx'

interface SupervisorOnlyProps {
  user: User
  /** The toast's description, also shown on the page. */
  message: string
  /** How long the page stays before going to the dashboard (spec section 6: 500 ms unless a page says otherwise). */
  redirectAfterMs?: number
  /** For a page of the whole church's alone: what a campus admin is told instead of the page. */
  wholeChurchMessage?: string
  children: ReactNode
}

/**
 * Supervisor pages (spec section 6): anyone else sees 'Access Denied' with the page's message and
 * is sent to / after the page's delay. The children (and so their data calls) never render for them.
 */
export function SupervisorOnly({
  user,
  message,
  redirectAfterMs = 500,
  wholeChurchMessage,
  children,
}: SupervisorOnlyProps) {
  const { t } = useTranslation('supervisor')
  const navigate = useNavigate()
  const campusAdminDenied = user.role === 'supervisor' && wholeChurchMessage !== undefined && !wholeChurch(user)
  const denied = user.role !== 'supervisor' || campusAdminDenied
  const said = campusAdminDenied ? wholeChurchMessage : message

  useEffect(() => {
    if (!denied) return
    toast({ title: t('accessDenied.title'), description: said, variant: 'destructive' })
    const timer = setTimeout(() => navigate('/', { replace: true }), redirectAfterMs)
    return () => clearTimeout(timer)
  }, [denied, said, navigate, redirectAfterMs, t])

  if (!denied) return children
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-6 text-center sm:pt-6">
          <ShieldAlert className="size-10 text-red-600" aria-hidden />
          <h1 className="text-xl font-semibold text-slate-900">{t('accessDenied.title')}</h1>
          <p className="text-sm text-slate-600">{said}</p>
          <p className="text-sm text-slate-500">{t('accessDenied.back')}</p>
        </CardContent>
      </Card>
    </div>
  )
}

/**
 * A supervisor page for whoever is signed in: loading until the session is known, then
 * SupervisorOnly. The children may be a function of the signed-in user.
 */
export function SupervisorPage({
  children,
  ...rest
}: Omit<SupervisorOnlyProps, 'user' | 'children'> & { children: ReactNode | ((user: User) => ReactNode) }) {
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} {...rest}>
      {typeof children === 'function' ? children(user) : children}
    </SupervisorOnly>
  )
}
