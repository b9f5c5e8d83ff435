import * as z from 'zod'
import { filesFor } from '@app/adapters'
import {
  assertCanBrand,
  entitlements,
  LOGO_DATA_URL_MAX,
  logoMessages,
  OrganizationSettings,
  settingsOf,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { storeLogo } from '../workflows/logos.ts'

/**
 * The settings page's file upload, sent as a data URL (spec section 5). The image is checked by
 * its bytes, stored in the logos bucket and becomes the organization's logo.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/logo',
  auth: 'supervisor',
  // The church's logo, every campus's alike, as its other settings: its whole-church supervisors change it.
  wholeChurch: true,
  body: z.object({
    dataUrl: z
      .string({ error: logoMessages.notImage.description })
      .max(LOGO_DATA_URL_MAX, logoMessages.tooLarge.description),
  }),
  response: OrganizationSettings,
  errors: [402, 404],
  uses: ['table', 'logosBucket'],
  files: filesFor,
  handler: async ({ body, session, db, files }) => {
    assertCanBrand(entitlements(await db.organization.get()))
    const logoUrl = await storeLogo(files, body.dataUrl, 'dataUrl')
    const org = await db.organization.updateSettings({ logoUrl }, session.user)
    return settingsOf(org, session.user)
  },
})
