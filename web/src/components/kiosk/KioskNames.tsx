import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { KioskMember, KioskMembers } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { Avatar } from '../ui/Avatar.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { FormField } from '../ui/FormField.tsx'
import { kioskName } from './PinPad.tsx'

/** Folds case and accents, so 'jose' finds José. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The kiosk's names, large enough for a finger, with a search that ignores case and accents. */
export function KioskNames({ members, onChoose }: { members: KioskMembers; onChoose: (member: KioskMember) => void }) {
  const { t } = useTranslation('staff')
  const id = useId()
  const [search, setSearch] = useState('')
  const wanted = fold(search.trim())
  const shown = wanted ? members.filter((m) => fold(kioskName(m)).includes(wanted)) : members
  if (!members.length) return <p className="text-center text-lg text-slate-700">{t('kiosk.none')}</p>
  return (
    <div className="space-y-4">
      <p className="text-lg text-slate-700">{t('kiosk.intro')}</p>
      <FormField id={id} label={t('kiosk.search')} labelClassName="text-base text-inherit">
        <input
          id={id}
          type="search"
          value={search}
          autoComplete="off"
          placeholder={t('kiosk.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
          className={cn(inputClasses, 'min-h-14 text-lg')}
        />
      </FormField>
      {shown.length ? (
        <ul aria-label={t('kiosk.namesLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((member) => (
            <li key={member.id}>
              <button
                type="button"
                onClick={() => onChoose(member)}
                className={cn(
                  'flex min-h-28 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 bg-white p-3 text-center shadow-sm active:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                  member.clockedIn ? 'border-green-600' : 'border-slate-200',
                )}
              >
                <Avatar
                  src={member.profileImageUrl}
                  fallback={`${member.firstName.charAt(0)}${member.lastInitial}`}
                  className="size-14 text-lg"
                />
                <span className="text-xl font-semibold break-words">{kioskName(member)}</span>
                {member.clockedIn ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
                    {t('kiosk.clockedIn')}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-slate-700">{t('kiosk.noMatch', { search: search.trim() })}</p>
      )}
    </div>
  )
}
