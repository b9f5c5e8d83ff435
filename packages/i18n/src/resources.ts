import type { Resource } from 'i18next'
import enCommon from '../locales/en/common.json' with { type: 'json' }
import enPublic from '../locales/en/public.json' with { type: 'json' }
import enStaff from '../locales/en/staff.json' with { type: 'json' }
import enSupervisor from '../locales/en/supervisor.json' with { type: 'json' }
import enErrors from '../locales/en/errors.json' with { type: 'json' }
import enEmails from '../locales/en/emails.json' with { type: 'json' }
import esCommon from '../locales/es/common.json' with { type: 'json' }
import esPublic from '../locales/es/public.json' with { type: 'json' }
import esStaff from '../locales/es/staff.json' with { type: 'json' }
import esSupervisor from '../locales/es/supervisor.json' with { type: 'json' }
import esErrors from '../locales/es/errors.json' with { type: 'json' }
import esEmails from '../locales/es/emails.json' with { type: 'json' }

/**
 * Every catalogue at once, for tests and the parity check (the server loads only its own: server.ts).
 * The browser loads namespaces one by one instead (web/src/i18n.ts).
 */
export const resources = {
  en: {
    common: enCommon,
    public: enPublic,
    staff: enStaff,
    supervisor: enSupervisor,
    errors: enErrors,
    emails: enEmails,
  },
  es: {
    common: esCommon,
    public: esPublic,
    staff: esStaff,
    supervisor: esSupervisor,
    errors: esErrors,
    emails: esEmails,
  },
} satisfies Resource
