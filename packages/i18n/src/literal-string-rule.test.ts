import { describe, it } from 'vitest'
import { RuleTester, type Linter, type Rule } from 'eslint'
import { builtinRules } from 'eslint/use-at-your-own-risk'
import tseslint from 'typescript-eslint'

/**
 * The screens' rules against literal texts, run with the exact options of the
 * repository's eslint.config.js: strings nobody reads (class names, ids, field names, routes, a
 * prop's fixed words) pass, and every text a person reads or hears is still reported.
 */
RuleTester.describe = describe
RuleTester.it = it

// A computed path: eslint.config.js is JavaScript without types, and stays out of the typecheck.
const configUrl = new URL('../../../eslint.config.js', import.meta.url).href
const config: Linter.Config[] = (await import(configUrl)).default
const screens = config.find((entry) => entry.rules?.['i18next/no-literal-string'])!

/** The rule's cases as the screens' config runs them: its options, a .tsx module around the JSX. */
const casesFor = (rule: string) => {
  const options = (screens.rules![rule] as [string, ...unknown[]]).slice(1)
  const passes = (jsx: string) => ({ code: `export const Screen = () => (${jsx})`, filename: 'Screen.tsx', options })
  const reported = (jsx: string, errors = 1) => ({ ...passes(jsx), errors })
  return { passes, reported }
}

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
})

const literal = casesFor('i18next/no-literal-string')
tester.run('i18next/no-literal-string', screens.plugins!.i18next!.rules!['no-literal-string'] as Rule.RuleModule, {
  valid: [
    `<div className="mx-auto max-w-lg">{t('title')}</div>`,
    `<Card className={cn('p-4', open && 'ring-2')} contentClassName="space-y-3" />`,
    `<Input id="organizationName" name="organizationName" autoComplete="organization" inputMode="url" />`,
    `<Label htmlFor="logo-file">{t('upload')}</Label>`,
    `<Button type="submit" variant="outline" size="lg" />`,
    `<LinkButton to="/x" />`,
    `<a href="/pricing" data-testid="plan-link" aria-describedby="plan-hint plan-error" />`,
    `<Banner tone="amber" />`,
    `<RegionCard titleId="current-week-title" />`,
    `<Input onChange={(e) => set('logoUrl', e.target.value)} />`,
    `<select {...control('payType', true)} />`,
    `<Button onClick={() => navigate('/payment-success')} />`,
    `<Dialog onOpenAutoFocus={(e) => e.target.querySelector('[data-today]')} />`,
    `<TableHead columns={[{ label: t('actions'), className: 'py-2 text-right' }]} />`,
    `<BarChart layout="vertical"><Bar dataKey="hours" fill="#4f46e5" /></BarChart>`,
  ].map(literal.passes),
  invalid: [
    literal.reported(`<p>Save Settings</p>`),
    literal.reported(`<p>{'Save Settings'}</p>`),
    literal.reported(`<Button aria-label="Close" />`),
    literal.reported(`<button aria-label="Close" />`),
    literal.reported(`<Input placeholder="Name" />`),
    literal.reported(`<input placeholder="Name" />`),
    literal.reported(`<IconButton title="x" />`),
    literal.reported(`<span title="x" />`),
    literal.reported(`<img alt="Logo" />`),
    literal.reported(`<FormField label="Name" />`),
    literal.reported(`<Stat aria-description="Hours this week" aria-valuetext="12 hours" />`, 2),
    literal.reported(`<Button onClick={() => toast({ title: 'Saved' })} />`),
  ],
})

// On a native element the plugin reads only alt, aria-label, placeholder, title and value: the
// other attributes that are shown or read aloud are reported there by no-restricted-syntax.
const native = casesFor('no-restricted-syntax')
tester.run('no-restricted-syntax', builtinRules.get('no-restricted-syntax')!, {
  valid: [`<div aria-description={t('hint')} aria-valuetext={t('value', { count })} />`].map(native.passes),
  invalid: [
    native.reported(`<div aria-description="Hours this week" />`),
    native.reported(`<div aria-valuetext={'12 hours'} />`),
    native.reported('<option label={`Monday`} />'),
  ],
})
