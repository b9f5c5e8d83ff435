import { signedLinkPage } from '../http/signed-link-route.ts'
import { addressLink } from '../workflows/address-link-check.ts'
import { confirmAddressPage } from '../views/address-page.ts'

/** Opening the emailed Confirm link shows a page with a button; a GET never confirms (mail scanners follow links). */
export default signedLinkPage(addressLink, {
  method: 'GET',
  uses: ['table:read', 'links'],
  page: async ({ db, member, link }, { event }) => {
    const org = await db.organization.get()
    return confirmAddressPage(member.language, link.email, org.name, event.rawPath)
  },
})
