import { useState, type ChangeEvent } from 'react'
import { ImageOff, RotateCcw, Trash2 } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  DAYS,
  daysInWeekOrder,
  logoMessages,
  OrganizationSettingsUpdate,
  TEXT_LIMITS,
  WeekStartDay,
  workingDaysOf,
  type DayName,
  type OrganizationSettings,
} from '@app/core'
import { errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { useUpdateOrganizationSettings, useUploadLogo } from '../../api/organization.ts'
import { PRODUCT_LOGO_URL, PRODUCT_NAME } from '../../lib/product.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { DayOptions } from '../ui/Options.tsx'
import { CheckboxRow, fieldDescription, FormField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import { Label } from '../ui/Label.tsx'
import { LOGO_ACCEPT, logoFileProblem, readAsDataUrl } from './logo-file.ts'
import { LoadingState } from '../ui/LoadingState.tsx'
import { TimeZonePicker } from './TimeZonePicker.tsx'

type Field = 'organizationName' | 'logoUrl' | 'timeZone' | 'weekStartDay' | 'workingDays' | 'approvalEmails'
type Draft = {
  organizationName: string
  logoUrl: string
  timeZone: string
  weekStartDay: WeekStartDay
  /** Monday first, as the server keeps them, so an unchanged choice compares equal. */
  workingDays: DayName[]
  approvalEmails: boolean
}

const toDraft = (s: OrganizationSettings): Draft => ({
  organizationName: s.organizationName,
  logoUrl: s.logoUrl ?? '',
  timeZone: s.timeZone,
  weekStartDay: s.weekStartDay,
  workingDays: [...workingDaysOf(s)],
  approvalEmails: s.approvalEmails ?? true,
})

/** The form's fields in the order a person meets them (the first invalid one gets the focus). */
const FIELD_ORDER: readonly Field[] = [
  'organizationName',
  'logoUrl',
  'timeZone',
  'weekStartDay',
  'workingDays',
  'approvalEmails',
]

/** The logo address field's example: an address, the same in every language. */
const LOGO_URL_EXAMPLE = 'https://example.org/logo.png'

/** A logo address the server would take (our uploads, or https), so the preview may show it. */
const previewable = (url: string) => {
  const trimmed = url.trim()
  return trimmed.startsWith('/api/logos/') || /^https:\/\/\S+$/i.test(trimmed) ? trimmed : null
}

/** The title of the server's logo refusal, when it is one of the known logo messages. */
const logoRefusalTitle = (message: string) =>
  Object.values(logoMessages).find((m) => m.description === message)?.title ??
  i18next.t('supervisor:settings.form.uploadFailedTitle')

/** Name, logo (upload or URL) with a live preview, time zone, week start and working days; Reset and Save Settings. */
export function OrganizationSettingsForm({ saved }: { saved: OrganizationSettings }) {
  const { t } = useTranslation('supervisor')
  const update = useUpdateOrganizationSettings()
  const upload = useUploadLogo()
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved))
  const [logoFileError, setLogoFileError] = useState<string | null>(null)
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null)

  const errors = useFieldErrors(FIELD_ORDER, update.error)
  const shown = errors.shown
  const busy = update.isPending || upload.isPending
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(saved))

  const set = <K extends Field>(name: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }))
    errors.clear(name)
  }

  const reset = () => {
    setDraft(toDraft(saved))
    errors.clear()
    setLogoFileError(null)
    update.reset()
  }

  const onSubmit = errors.onSubmit(OrganizationSettingsUpdate, draft, (checked) =>
    update.mutate(checked, {
      onSuccess: (settings) => {
        setDraft(toDraft(settings))
        toast({ title: t('settings.form.savedTitle'), description: t('settings.form.saved') })
      },
      onError: (error) => toastFailure(t('members.error'), error, t('settings.form.saveFailed')),
    }),
  )

  const onLogoFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = '' // the same file may be picked again after a refusal
    if (!file) return
    const problem = logoFileProblem(file)
    if (problem) {
      const refusal = {
        title: t(`settings.logo.${problem}.title`),
        description: t(`settings.logo.${problem}.description`),
      }
      setLogoFileError(refusal.description)
      toast({ ...refusal, variant: 'destructive' })
      return
    }
    setLogoFileError(null)
    let dataUrl: string
    try {
      dataUrl = await readAsDataUrl(file)
    } catch {
      setLogoFileError(t('settings.form.unreadable'))
      return
    }
    upload.mutate(dataUrl, {
      onSuccess: (settings) => {
        setDraft((d) => ({ ...d, logoUrl: settings.logoUrl ?? '' }))
        errors.clear('logoUrl')
        toast({ title: t('settings.form.uploadedTitle'), description: t('settings.form.uploaded') })
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        const message = errorMessage(error, t('settings.form.uploadFailed'))
        setLogoFileError(message)
        toast({ title: logoRefusalTitle(message), description: message, variant: 'destructive' })
      },
    })
  }

  const removeLogo = () => set('logoUrl', '')
  const previewUrl = previewable(draft.logoUrl)
  const uploaded = draft.logoUrl.startsWith('/api/logos/')
  const previewBroken = previewUrl !== null && brokenPreview === previewUrl
  const describedBy = (name: Field, hint = false) => fieldDescription(name, { hint, message: shown[name] })

  // The name's limit, as the server's schema holds it; the form's own message stands alone.
  const nameLimit = useTextLimit(
    'organizationName',
    draft.organizationName,
    TEXT_LIMITS.organizationName,
    describedBy('organizationName'),
  )
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('settings.form.label')}>
      <FormField id="organizationName" label={t('settings.form.name')} message={shown.organizationName}>
        <Input
          id="organizationName"
          name="organizationName"
          value={draft.organizationName}
          onChange={(e) => set('organizationName', e.target.value)}
          aria-invalid={shown.organizationName || nameLimit.over ? true : undefined}
          aria-describedby={nameLimit.control['aria-describedby']}
          autoComplete="organization"
          required
          disabled={busy}
        />
        {shown.organizationName ? null : nameLimit.note}
      </FormField>

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-medium text-slate-800">{t('settings.form.logo')}</legend>

        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('settings.form.preview')}
          </p>
          <div className="flex min-w-0 items-center gap-3" data-testid="logo-preview">
            {previewBroken ? (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100">
                <ImageOff className="size-6 text-slate-400" aria-hidden />
              </span>
            ) : (
              <img
                src={previewUrl ?? PRODUCT_LOGO_URL}
                alt={t('settings.form.previewAlt')}
                width={48}
                height={48}
                className="size-12 shrink-0 rounded-md object-contain"
                onError={() => setBrokenPreview(previewUrl)}
                onLoad={() => setBrokenPreview(null)}
              />
            )}
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900">
                {draft.organizationName.trim() || PRODUCT_NAME}
              </span>
              {/* The header's own subtitle, in the page's language, wrapping as it does there. */}
              <span className="block text-xs leading-tight text-slate-600">{t('common:header.subtitle')}</span>
            </span>
          </div>
          {previewBroken ? <p className="mt-2 text-sm text-amber-800">{t('settings.form.previewBroken')}</p> : null}
        </div>

        <div className="space-y-1.5">
          <Label htmlFor="logo-file">{t('settings.form.upload')}</Label>
          <input
            id="logo-file"
            name="logoFile"
            type="file"
            accept={LOGO_ACCEPT}
            onChange={(e) => void onLogoFile(e)}
            disabled={busy}
            aria-describedby={logoFileError ? 'logo-file-hint logo-file-error' : 'logo-file-hint'}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border-0 file:bg-indigo-50 file:px-4 file:text-sm file:font-medium file:text-indigo-800 hover:file:bg-indigo-100 disabled:opacity-60"
          />
          <p id="logo-file-hint" className="text-sm text-slate-600">
            {t('settings.form.uploadHint')}
          </p>
          {upload.isPending ? <LoadingState label={t('settings.form.uploading')} /> : null}
          {logoFileError ? <FieldMessage id="logo-file-error">{logoFileError}</FieldMessage> : null}
        </div>

        <FormField id="logoUrl" label={t('settings.form.logoUrl')} message={shown.logoUrl}>
          {uploaded ? (
            // An upload is named by an internal path nobody should have to read: show the file instead.
            <div className="flex items-center gap-2 text-sm text-slate-700" data-testid="uploaded-logo">
              <img src={draft.logoUrl} alt="" width={32} height={32} className="size-8 rounded object-contain" />
              <span>{t('settings.form.uploadedInUse')}</span>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Input
              id="logoUrl"
              name="logoUrl"
              type="url"
              inputMode="url"
              placeholder={LOGO_URL_EXAMPLE}
              value={uploaded ? '' : draft.logoUrl}
              onChange={(e) => set('logoUrl', e.target.value)}
              aria-invalid={shown.logoUrl ? true : undefined}
              aria-describedby={describedBy('logoUrl')}
              disabled={busy}
            />
            {draft.logoUrl ? (
              <Button
                variant="outline"
                size="icon"
                className="shrink-0"
                aria-label={t('settings.form.removeLogo')}
                title={t('settings.form.removeLogo')}
                onClick={removeLogo}
                disabled={busy}
              >
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </div>
        </FormField>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="timeZone"
          label={t('settings.form.timeZone')}
          hint={t('settings.form.timeZoneHint')}
          message={shown.timeZone}
        >
          <TimeZonePicker
            id="timeZone"
            value={draft.timeZone}
            onChange={(zone) => set('timeZone', zone)}
            aria-invalid={shown.timeZone ? true : undefined}
            aria-describedby={describedBy('timeZone', true)}
            disabled={busy}
          />
        </FormField>
        <FormField id="weekStartDay" label={t('settings.form.weekStart')} message={shown.weekStartDay}>
          <select
            id="weekStartDay"
            name="weekStartDay"
            value={draft.weekStartDay}
            onChange={(e) => set('weekStartDay', WeekStartDay.parse(e.target.value))}
            aria-invalid={shown.weekStartDay ? true : undefined}
            aria-describedby={describedBy('weekStartDay')}
            disabled={busy}
            className={inputClasses}
          >
            <DayOptions days={WeekStartDay.options} />
          </select>
        </FormField>
      </div>

      <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy('workingDays', true)}>
        <legend className="text-sm font-medium text-slate-800">{t('settings.form.workingDays')}</legend>
        <p id="workingDays-hint" className="text-sm text-slate-600">
          {t('settings.form.workingDaysHint')}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {daysInWeekOrder(draft.weekStartDay).map((day) => (
            <label key={day} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="workingDays"
                value={day}
                checked={draft.workingDays.includes(day)}
                onChange={(e) =>
                  set(
                    'workingDays',
                    DAYS.filter((d) => (d === day ? e.target.checked : draft.workingDays.includes(d))),
                  )
                }
                disabled={busy}
                className="size-5 shrink-0 cursor-pointer accent-indigo-600"
              />
              {t(`audit.day.${day}`)}
            </label>
          ))}
        </div>
        {shown.workingDays ? <FieldMessage id="workingDays-error">{shown.workingDays}</FieldMessage> : null}
      </fieldset>

      <CheckboxRow
        id="approvalEmails"
        name="approvalEmails"
        checked={draft.approvalEmails}
        onChange={(on) => set('approvalEmails', on)}
        disabled={busy}
        label={t('settings.form.approvalEmails')}
        hint={t('settings.form.approvalEmailsHint')}
        message={shown.approvalEmails}
      />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset} disabled={busy || (!changed && Object.keys(shown).length === 0)}>
          <RotateCcw aria-hidden /> {t('settings.form.reset')}
        </Button>
        <Button type="submit" disabled={busy} busy={update.isPending} busyLabel={t('members.edit.saving')}>
          {t('settings.form.save')}
        </Button>
      </div>
    </form>
  )
}
