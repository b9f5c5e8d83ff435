import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import * as z from 'zod'
import { DEFAULT_LANGUAGE, Page, type Language } from '@app/core'
import { defineRoute, type ErrorStatus, type Route, type Use } from './define-route.ts'
import { browserLanguageOf } from './language.ts'
import type { HttpResponse } from './response.ts'

/** A link's check: what it names once every reason to refuse it is ruled out, or the page that says why. */
type LinkCheck<C> = (
  token: string,
  browser: Language,
) => Promise<({ ok: true } & C) | { ok: false; page: HttpResponse }>

/** A kind of emailed signed link: where its two pages live, its longest token, and its check. */
export interface SignedLink<C> {
  path: `/api/${string}/{token}`
  /** The longest token the link's kind makes, with room to spare. */
  maxToken: number
  /** The error statuses its check and pages may throw or answer as a page that says why (see `ErrorStatus`). */
  errors: ErrorStatus[]
  check: LinkCheck<C>
}

/** Declares a kind of link (its type inferred from its check). */
export const signedLink = <C>(link: SignedLink<C>) => link

export interface SignedLinkPage<C> {
  /** GET shows a page with a button (mail scanners follow links, so it never acts); POST is the button. */
  method: 'GET' | 'POST'
  uses: Use[]
  /** The page for a usable link; `browser` is the language the browser asks for. */
  page: (
    checked: C,
    request: { event: APIGatewayProxyEventV2; browser: Language },
  ) => Promise<HttpResponse> | HttpResponse
}

/**
 * One page of an emailed signed link (confirmations, decisions, unsubscribes): public, since the
 * signed link is the credential, so its POST needs no session or Origin; the token checked before
 * anything else, in the browser's language while the link names no one.
 */
export const signedLinkPage = <C>(link: SignedLink<C>, spec: SignedLinkPage<C>): Route =>
  defineRoute({
    method: spec.method,
    path: link.path,
    auth: 'public',
    skipCsrf: spec.method === 'POST' || undefined,
    params: z.object({ token: z.string().max(link.maxToken) }),
    response: Page,
    errors: link.errors,
    uses: spec.uses,
    handler: async ({ params, event }) => {
      const browser = browserLanguageOf(event) ?? DEFAULT_LANGUAGE
      const checked = await link.check(params.token, browser)
      return checked.ok ? spec.page(checked, { event, browser }) : checked.page
    },
  })
