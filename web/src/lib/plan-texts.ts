import type { TFunction } from 'i18next'
import type { PlanId } from '@app/core'

/** A plan's description, features and limitations in the screen's language (the `common:plans` catalogue). */
export const planTexts = (t: TFunction, id: PlanId) => ({
  description: t(`common:plans.${id}.description`),
  features: t(`common:plans.${id}.features`, { returnObjects: true, defaultValue: [] }) as string[],
  limitations: t(`common:plans.${id}.limitations`, { returnObjects: true, defaultValue: [] }) as string[],
})
