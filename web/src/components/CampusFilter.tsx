import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { CAMPUS_PARAM, useCampusChoices, useCampusParam } from '../api/campuses.ts'
import { cn } from '../lib/cn.ts'
import { FormField } from './ui/FormField.tsx'
import { inputClasses } from './ui/Input.tsx'
import { ItemOptions } from './ui/Options.tsx'

/**
 * The campus filter of the dashboard, Reports and Payroll: "Whole church" and each active campus,
 * for a whole-church supervisor of a church with campuses; a campus admin sees it only when they
 * run several (their own campuses; the server keeps them to those anyway). The choice is kept in
 * the address (`?campus=`), which every read of the page takes (`useCampusParam`).
 */
export function CampusFilter({ className }: { className?: string }) {
  const { t } = useTranslation('supervisor')
  const { choices, wholeChurch } = useCampusChoices()
  const [, setParams] = useSearchParams()
  const campusId = useCampusParam()
  if (wholeChurch ? choices.length === 0 : choices.length < 2) return null
  const choose = (value: string) =>
    setParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (value) next.set(CAMPUS_PARAM, value)
        else next.delete(CAMPUS_PARAM)
        return next
      },
      { replace: true },
    )
  return (
    <FormField id="campus-filter" label={t('campuses.filter.label')} className={cn('w-full sm:w-56', className)}>
      <select
        id="campus-filter"
        className={inputClasses}
        value={campusId ?? ''}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">{t(wholeChurch ? 'campuses.filter.all' : 'campuses.filter.mine')}</option>
        <ItemOptions items={choices} />
      </select>
    </FormField>
  )
}
