import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { LucideIcon } from 'lucide-react'
import { Button, type ButtonProps } from './Button.tsx'

export type LinkButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  icon?: LucideIcon
  children: ReactNode
} & (
    | /** A screen of this app, opened by the router. */ { to: string; href?: never }
    | /** A full page load: the API, the sign-in, the demo. */ { href: string; to?: never }
  )

/** A link with a button's look, and an optional icon before its label. */
export function LinkButton({ to, href, icon: Icon, children, ...button }: LinkButtonProps) {
  const label = (
    <>
      {Icon ? <Icon aria-hidden /> : null}
      {children}
    </>
  )
  return (
    <Button asChild {...button}>
      {to === undefined ? <a href={href}>{label}</a> : <Link to={to}>{label}</Link>}
    </Button>
  )
}

/** Link buttons in a row (stacked on a phone, as the row's classes say): the calls to action of a page. */
export function LinkButtonRow({ links, className }: { links: readonly LinkButtonProps[]; className: string }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <LinkButton key={link.to ?? link.href} {...link} />
      ))}
    </div>
  )
}
