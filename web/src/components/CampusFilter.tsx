import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { CAMPUS_PARAM, useCampusAsked, useCampusChoices } from '../api/campuses.ts'
import { cn } from '../lib/cn.ts'
import { FormField } from './ui/FormField.tsx'
import { inputClasses } from './ui/Input.tsx'
import { ItemOptions } from './ui/Options.tsx'

/** The address's parameters with the campus `value` (none: '', the whole church). */
const withCampus = (value: string) => (params: URLSearchParams) => {
  const next = new URLSearchParams(params)
  if (value) next.set(CAMPUS_PARAM, value)
  else next.delete(CAMPUS_PARAM)
  return next
}

/**
 * The campus filter of the dashboard, Reports and Payroll: "Whole church" and each active campus
 * (and an inactive one the address names), for a whole-church supervisor of a church with
 * campuses; a campus admin sees it only when they run several (their own campuses; the server
 * keeps them to those anyway). The choice is kept in the address (`?campus=`), which every read of
 * the page takes (`useCampusParam`); a campus the supervisor does not reach leaves the address, as
 * the page reads the whole church.
 */
export function CampusFilter({ className }: { className?: string }) {
  const { t } = useTranslation('supervisor')
  const { reach, wholeChurch } = useCampusChoices()
  const [, setParams] = useSearchParams()
  const { campusId, unknown } = useCampusAsked()
  const choose = useCallback((value: string) => setParams(withCampus(value), { replace: true }), [setParams])
  useEffect(() => {
    if (unknown) choose('')
  }, [unknown, choose])
  const options = reach.filter((c) => c.active || c.id === campusId)
  if (wholeChurch ? options.length === 0 : options.length < 2) return null
  return (
    <FormField id="campus-filter" label={t('campuses.filter.label')} className={cn('w-full sm:w-56', className)}>
      <select
        id="campus-filter"
        className={inputClasses}
        value={campusId ?? ''}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">{t(wholeChurch ? 'campuses.filter.all' : 'campuses.filter.mine')}</option>
        <ItemOptions items={options} />
      </select>
    </FormField>
  )
}
