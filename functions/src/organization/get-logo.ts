import * as z from 'zod'
import { Redirect } from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/** Public: a logo shown in the header redirects to a short-lived link to the private bucket. */
export default defineRoute({
  method: 'GET',
  path: '/api/logos/{orgId}/{file}',
  auth: 'public',
  params: z.object({ orgId: z.uuid(), file: z.string().regex(/^logo-[0-9a-f]{16}\.(png|jpg|webp|svg)$/) }),
  response: Redirect,
  uses: ['table:read', 'logosBucket'],
  handler: async ({ params }) => {
    // Logos are public by their path, so the path's organization is the one to read.
    const res = HttpResponse.redirect(await filesFor(params.orgId).logo(params.file).url())
    // The file name is a content hash, so the redirect may be cached well within the link's life.
    return new HttpResponse(res.status, undefined, { ...res.headers, 'cache-control': 'private, max-age=1800' })
  },
})
