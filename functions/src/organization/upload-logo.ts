import { createHash } from 'node:crypto'
import * as z from 'zod'
import { filesFor } from '@app/adapters'
import {
  assertCanBrand,
  badRequest,
  checkLogo,
  entitlements,
  LOGO_MAX_BYTES,
  logoMessages,
  OrganizationSettings,
  settingsOf,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/]+={0,2})$/

/**
 * The settings page's file upload, sent as a data URL (spec section 5). The image is checked by
 * its bytes, stored in the logos bucket and becomes the organization's logo.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/logo',
  auth: 'supervisor',
  body: z.object({
    dataUrl: z
      .string({ error: logoMessages.notImage.description })
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 200, logoMessages.tooLarge.description),
  }),
  response: OrganizationSettings,
  uses: ['table', 'logosBucket'],
  files: filesFor,
  handler: async ({ body, session, db, files }) => {
    assertCanBrand(entitlements(await db.organization.get()))
    const match = DATA_URL.exec(body.dataUrl)
    if (!match) throw badRequest(logoMessages.notImage.description, { dataUrl: logoMessages.notImage.description })
    const bytes = Buffer.from(match[1]!, 'base64')
    const check = checkLogo(bytes)
    if (!check.ok) {
      const { description } = logoMessages[check.problem]
      throw badRequest(description, { dataUrl: description })
    }
    const logo = files.logo(`logo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${check.type.ext}`)
    await logo.put(bytes, check.type.mime)
    const org = await db.organization.updateSettings({ logoUrl: logo.path }, session.user)
    return settingsOf(org, session.user)
  },
})
