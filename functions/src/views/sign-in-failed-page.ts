import type { Language } from '@app/core'
import { HttpResponse } from '../http/response.ts'
import { escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/** Why a sign-in could not finish, by its key under `pages.signInFailed` of the `emails` catalogue. */
export type SignInProblem = 'notStarted' | 'tooLong' | 'refused' | 'notOpened' | { providerAnswered: string }

/** A plain page (not a redirect loop) when a sign-in cannot finish, in the browser's language. */
export const signInFailedPage = (language: Language, problem: SignInProblem, cookies: string[]) => {
  const w = wordsFor(language)
  const say = (key: string, values?: Record<string, unknown>) => escapeHtml(w.say(`pages.signInFailed.${key}`, values))
  const reason =
    typeof problem === 'object' ? say('providerAnswered', { error: problem.providerAnswered }) : say(problem)
  const page = HttpResponse.html(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say('title')}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${say('title')}</h1><p>${reason}</p>
<p><a href="/api/login">${say('tryAgain')}</a> &middot; <a href="/">${say('backHome')}</a></p></body></html>`,
    400,
  )
  return new HttpResponse(page.status, page.body, page.headers, cookies)
}
