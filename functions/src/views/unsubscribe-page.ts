import { reminderKindLabel, type ReminderKind } from '@app/core'
import { layout } from './decision-page.ts'
import { escapeHtml } from './html.ts'

/** The GET of an unsubscribe link: asks first (mail scanners follow links), one button does it. */
export const unsubscribeConfirmPage = (kind: ReminderKind, action: string) =>
  layout(
    'Unsubscribe',
    `<h1>Stop these emails?</h1>
<p>You will no longer get: <strong>${escapeHtml(reminderKindLabel[kind])}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" class="decline">Unsubscribe</button></form>
<p>You can turn them back on from your profile.</p>`,
  )

export const unsubscribedPage = (kind: ReminderKind) =>
  layout(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p>You will no longer get: <strong>${escapeHtml(reminderKindLabel[kind])}</strong>.</p>
<p><a href="/profile">Turn them back on from your profile</a></p>`,
  )

export const unsubscribeProblemPage = () =>
  layout(
    'Link not valid',
    '<h1>This link is not valid</h1><p>Nothing was changed. You can turn emails off from your profile.</p>',
    404,
  )
