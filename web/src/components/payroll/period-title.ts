import i18next from 'i18next'
import type { PayPeriod } from '@app/core'
import { formatDate } from '../../lib/format.ts'

/** How a pay period is named on screen: 'Nov 2, 2026 - Nov 15, 2026' (both days inclusive). */
export const periodTitle = (period: Pick<PayPeriod, 'start' | 'end'>) =>
  i18next.t('supervisor:payroll.period.title', { start: formatDate(period.start), end: formatDate(period.end) })
