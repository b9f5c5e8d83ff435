import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { cn } from '../lib/cn.ts'

/** A header's link home: the logo (its name beside it says where the link goes) and `children`. */
export const HomeLink = ({
  logo,
  size,
  className,
  logoClassName,
  children,
}: {
  logo: string
  /** The logo's side, in pixels. */
  size: number
  className: string
  logoClassName: string
  children: ReactNode
}) => (
  <Link
    to="/"
    className={cn(
      'flex min-h-11 items-center rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
      className,
    )}
  >
    <img src={logo} alt="" className={logoClassName} width={size} height={size} />
    {children}
  </Link>
)
