import { createElement as h, type CSSProperties, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components'
import type { Language } from '@app/core'
import { config } from '@app/adapters'
import { translator } from '@app/i18n/server'

/**
 * The frame of every email (React Email's components: table layouts and inline styles that mail
 * clients render, fluid up to 600 px so phones get one column). Rendered to static markup at once:
 * the emails have no data to wait for, so the builders stay synchronous.
 */

/** The organization an email speaks for: its name heads the email and names the sender. */
export interface Brand {
  name: string
  logoUrl: string | null
}

const colors = {
  text: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  page: '#f1f5f9',
  approve: '#15803d',
  decline: '#b91c1c',
  primary: '#1d4ed8',
}
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

export const styles = {
  text: { fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' },
  muted: { fontSize: '14px', lineHeight: '20px', color: colors.muted, margin: '0 0 12px' },
  cell: { padding: '6px 8px', borderBottom: `1px solid ${colors.line}`, fontSize: '14px', color: colors.text },
} satisfies Record<string, CSSProperties>

/** An uploaded logo is an app path (public, redirecting to the bucket); mail needs the full address. */
const logoSrc = (logoUrl: string | null) => (logoUrl?.startsWith('/') ? `${config.appOrigin}${logoUrl}` : logoUrl)

/** A large, finger-sized button (48 px tall) in one of the email's colours. */
export const button = (href: string, label: string, tone: 'approve' | 'decline' | 'primary' = 'primary') =>
  h(
    Button,
    {
      href,
      style: {
        backgroundColor: colors[tone],
        color: '#ffffff',
        fontSize: '17px',
        fontWeight: 700,
        borderRadius: '8px',
        padding: '14px 28px',
        lineHeight: '20px',
        textDecoration: 'none',
        display: 'inline-block',
      },
    },
    label,
  )

/** Approve and Decline well apart: two cells with a wide empty cell between them. */
export const decisionButtons = (approveUrl: string, declineUrl: string, labels: { approve: string; decline: string }) =>
  h(
    Row,
    null,
    h(Column, { align: 'left' }, button(approveUrl, labels.approve, 'approve')),
    h(Column, { style: { width: '40px' } }),
    h(Column, { align: 'right' }, button(declineUrl, labels.decline, 'decline')),
  )

export const paragraph = (...children: ReactNode[]) => h(Text, { style: styles.text }, ...children)
export const note = (...children: ReactNode[]) => h(Text, { style: styles.muted }, ...children)
export const strong = (text: string) => h('strong', null, text)
export const link = (href: string, text: string) => h(Link, { href, style: { color: colors.primary } }, text)

/** Renders a whole email: the organization's logo and name, the content, and a footer. */
export const renderEmail = (p: {
  /** The recipient's language: the document's `lang` and the footer's words. */
  language: Language
  brand: Brand
  preview: string
  content: ReactNode[]
  /** Why the member gets this email, and how to stop it (reminders). */
  footer?: ReactNode[]
}) => {
  const src = logoSrc(p.brand.logoUrl)
  const doc = h(
    Html,
    { lang: p.language },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light only' })),
    h(Preview, null, p.preview),
    h(
      Body,
      { style: { backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 8px' } },
      h(
        Container,
        { style: { maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '12px', padding: '24px' } },
        h(
          Section,
          { style: { paddingBottom: '8px' } },
          src
            ? h(Img, { src, alt: '', height: 48, style: { height: '48px', width: 'auto', marginBottom: '8px' } })
            : null,
          h(Text, { style: { fontSize: '20px', fontWeight: 700, color: colors.text, margin: 0 } }, p.brand.name),
        ),
        h(Hr, { style: { borderColor: colors.line, margin: '12px 0 20px' } }),
        h(Section, null, ...p.content),
        h(Hr, { style: { borderColor: colors.line, margin: '24px 0 12px' } }),
        h(
          Text,
          { style: { ...styles.muted, fontSize: '12px', lineHeight: '18px' } },
          translator(p.language)('emails:sentBy', { organization: p.brand.name }),
          ...(p.footer ?? []),
        ),
      ),
    ),
  )
  return `<!DOCTYPE html>${renderToStaticMarkup(doc)}`
}
