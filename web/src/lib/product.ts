export const PRODUCT_NAME = 'Ministry Timesheets'
// The product's logo, inside the page (a data: address) rather than a request of its own: the header
// shows it before anything else arrives. public/logo.svg stays the favicon and the emails' logo.
import productLogo from '../../public/logo.svg?inline'

export const PRODUCT_LOGO_URL = productLogo
/** Where customers write for help (shown after checkout). */
export const SUPPORT_EMAIL = 'support@ministrytimesheets.org'
