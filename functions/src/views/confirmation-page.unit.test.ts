import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@app/core'
import { translator } from '@app/i18n/server'
import { confirmToken } from '../http/navigation.ts'
import { confirmationPage } from './confirmation-page.ts'
import { escapeHtml } from './html.ts'

describe('the page that asks before signing out or opening the demo', () => {
  it("says, in each language, what the server's translator says for its texts, and links on with the token", () => {
    for (const language of LANGUAGES) {
      const t = translator(language)
      for (const page of ['signOut', 'demo'] as const) {
        const res = confirmationPage(
          { language, page, path: '/api/demo', query: { role: 'employee', none: undefined } },
          'sid-1',
          page,
        )
        const say = (key: string) => escapeHtml(t(`emails:pages.${key}`))
        expect(say(`${page}.title`)).not.toBe(`pages.${page}.title`)
        expect(res.status).toBe(200)
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(res.body).toContain(`<html lang="${language}">`)
        expect(res.body).toContain(`<title>${say(`${page}.title`)}</title>`)
        expect(res.body).toContain(`<h1>${say(`${page}.title`)}</h1><p>${say(`${page}.text`)}</p>`)
        const href = escapeHtml(`/api/demo?role=employee&confirm=${confirmToken('sid-1', page)}`)
        expect(res.body).toContain(
          `<a href="${href}">${say(`${page}.action`)}</a> &middot; <a href="/">${say('cancel')}</a>`,
        )
      }
    }
  })
})
