import type { Language } from '@app/core'
import { escapeHtml } from './html.ts'
import { layout } from './decision-page.ts'
import { wordsFor } from './words.ts'

/**
 * The pages of the one-click address confirmation, in the member's language (the
 * browser's while the link names no one we can find), in the decision pages' layout.
 */
const say = (language: Language) => {
  const w = wordsFor(language)
  return (key: string, values?: Record<string, unknown>) => w.say(`addressPage.${key}`, values)
}

/** The GET of the link: says which address and organization, and confirms nothing (mail scanners follow links). */
export const confirmAddressPage = (language: Language, email: string, organization: string, action: string) => {
  const t = say(language)
  const title = t('title')
  return layout(
    language,
    title,
    `<h1>${escapeHtml(t('heading'))}</h1>
<p>${escapeHtml(t('text', { email, organization }))}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" class="approve">${escapeHtml(t('button'))}</button>
</form>`,
  )
}

/** The address is confirmed; `supervisor` adds that the invitation to sign in follows. */
export const addressConfirmedPage = (language: Language, email: string, supervisor: boolean) => {
  const t = say(language)
  return layout(
    language,
    t('doneTitle'),
    `<h1>${escapeHtml(t('doneTitle'))}</h1>
<p>${escapeHtml(t('doneText', { email }))}</p>
${supervisor ? `<p>${escapeHtml(t('doneSupervisor'))}</p>` : ''}
<p><a href="/">${escapeHtml(t('home'))}</a></p>`,
  )
}

export type AddressLinkProblem = 'invalid' | 'expired' | 'used' | 'gone' | 'confirmed'

/** A link that cannot be used: says why plainly, and changes nothing. */
export const addressProblemPage = (language: Language, problem: AddressLinkProblem, status: number) => {
  const t = say(language)
  return layout(
    language,
    t(`${problem}Title`),
    `<h1>${escapeHtml(t(`${problem}Title`))}</h1><p>${escapeHtml(t(`${problem}Text`))}</p><p><a href="/">${escapeHtml(t('home'))}</a></p>`,
    status,
  )
}
