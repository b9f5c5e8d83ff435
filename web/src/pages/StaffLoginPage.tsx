import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ArrowLeft, LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useStaffLogin } from '../api/auth.ts'
import { errorFields, errorMessage } from '../api/client.ts'
import { Button } from '../components/ui/Button.tsx'
import { FieldMessage } from '../components/ui/FieldMessage.tsx'
import { CheckboxRow } from '../components/ui/FormField.tsx'
import { Input } from '../components/ui/Input.tsx'
import { Label } from '../components/ui/Label.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { FormAlert } from '../components/ui/FormAlert.tsx'
import { useHydrated } from '../lib/hydrated.ts'

type Field = 'username' | 'password'
/** A username is typed as given: no capital letter or correction added by a phone keyboard. */
const AS_TYPED = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const
type FieldErrors = Partial<Record<Field, string>>

const FRAME = 'py-8 sm:py-16'

export function StaffLoginPage() {
  const { t } = useTranslation('public')
  const required: Record<Field, string> = {
    username: t('staffLogin.usernameRequired'),
    password: t('staffLogin.passwordRequired'),
  }
  const navigate = useNavigate()
  const login = useStaffLogin()
  const hydrated = useHydrated()
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' })
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [remember, setRemember] = useState(false)

  const serverFields = login.error ? (errorFields(login.error) as FieldErrors) : {}
  const shown: FieldErrors = { ...serverFields, ...fieldErrors }
  const formError = login.error ? errorMessage(login.error, t('staffLogin.failed')) : null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldErrors = {}
    if (!values.username.trim()) missing.username = required.username
    if (!values.password) missing.password = required.password
    setFieldErrors(missing)
    if (Object.keys(missing).length > 0) {
      const first = event.currentTarget.elements.namedItem(missing.username ? 'username' : 'password')
      if (first instanceof HTMLElement) first.focus()
      return
    }
    login.mutate(
      { username: values.username.trim(), password: values.password, ...(remember ? { remember: true } : {}) },
      { onSuccess: () => navigate('/', { replace: true }) },
    )
  }

  const field = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      if (fieldErrors[name]) setFieldErrors((f) => ({ ...f, [name]: undefined }))
    },
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': shown[name] ? `${name}-error` : undefined,
    required: true,
    disabled: login.isPending || !hydrated,
  })

  const username = field('username')
  const password = field('password')
  return (
    <CenteredCard
      icon={LogIn}
      title={t('staffLogin.title')}
      description={t('staffLogin.description')}
      frameClassName={FRAME}
      className="max-w-sm"
      contentClassName=""
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('staffLogin.form')}>
        <FormAlert message={formError} />
        <div className="space-y-1.5">
          <Label htmlFor="username">{t('staffLogin.username')}</Label>
          <Input {...username} {...AS_TYPED} type="text" autoComplete="username" />
          {shown.username ? <FieldMessage id="username-error">{shown.username}</FieldMessage> : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="password">{t('staffLogin.password')}</Label>
          <Input {...password} type="password" autoComplete="current-password" />
          {shown.password ? <FieldMessage id="password-error">{shown.password}</FieldMessage> : null}
        </div>
        <CheckboxRow
          id="remember"
          name="remember"
          checked={remember}
          onChange={setRemember}
          disabled={login.isPending || !hydrated}
          label={t('staffLogin.remember')}
          hint={t('staffLogin.rememberHint')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={login.isPending || !hydrated}
          busy={login.isPending}
          busyLabel={t('staffLogin.signingIn')}
        >
          {t('staffLogin.signIn')}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">{t('staffLogin.contact')}</p>
      <div className="mt-4 flex flex-col items-center gap-1 border-t border-slate-100 pt-4 text-sm">
        <a
          href={SUPERVISOR_LOGIN_URL}
          className="inline-flex min-h-11 items-center font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {t('staffLogin.supervisor')}
        </a>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-1 text-slate-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t('staffLogin.back')}
        </Link>
      </div>
    </CenteredCard>
  )
}
