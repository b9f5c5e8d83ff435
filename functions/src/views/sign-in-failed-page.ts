import { HttpResponse } from '../http/response.ts'
import { escapeHtml } from './html.ts'

/** A plain page (not a redirect loop) when a sign-in cannot finish. */
export const signInFailedPage = (reason: string, cookies: string[]) => {
  const page = HttpResponse.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in failed</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>Sign-in failed</h1><p>${escapeHtml(reason)}</p>
<p><a href="/api/login">Try again</a> &middot; <a href="/">Back to Home</a></p></body></html>`,
    400,
  )
  return new HttpResponse(page.status, page.body, page.headers, cookies)
}
