export const PRODUCT_NAME = 'Ministry Timesheets'
export const HEADER_SUBTITLE = 'Virtual Executive Pastor'
export const PRODUCT_LOGO_URL = '/logo.svg'
/** Where customers write for help (shown after checkout). */
export const SUPPORT_EMAIL = 'support@ministrytimesheets.org'
