import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { importMembersJob } from '@app/functions'
import { useBrowser } from './browser.ts'
import { expectAccessible } from './helpers/axe.ts'
import { PHONE, fitsPhone } from './helpers/phone.ts'
import { signedInSupervisor, signInAsStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const DESKTOP = { width: 1280, height: 900 }

/** A directory export with Spanish titles, a byte-order mark, one bad row and a column we do not import. */
const directory = (tag: string) =>
  '\uFEFF' +
  [
    'Nombre,Apellido,Correo electrónico,Ministerio,Cumpleaños',
    `Lucía,Vega,lucia.${tag}@example.org,Niños,03/02`,
    `Pedro,Santos,pedro.${tag}@example.org,Alabanza,11/09`,
    `Sin,Correo,no-es-un-correo,Alabanza,`,
  ].join('\r\n')

const importThroughScreens = async (page: Page, viewport: { width: number; height: number }, label: string) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await page.setViewportSize(viewport)
  await page.goto('/employees')
  await page.getByRole('link', { name: 'Import from a file' }).click()
  await page.getByRole('heading', { name: 'Import members' }).waitFor()
  await page
    .getByLabel('CSV or Excel (.xlsx) file')
    .setInputFiles({ name: 'directorio.csv', mimeType: 'text/csv', buffer: Buffer.from(directory(tag)) })

  // The first guess from the Spanish titles; Ministerio is matched to Department by hand here.
  await page.getByRole('heading', { name: 'Match the columns' }).waitFor()
  expect(await page.getByLabel('Column “Nombre”').inputValue()).toBe('firstName')
  expect(await page.getByLabel('Column “Correo electrónico”').inputValue()).toBe('email')
  expect(await page.getByLabel('Column “Cumpleaños”').inputValue()).toBe('')
  await page.getByLabel('Column “Ministerio”').selectOption({ label: 'Department' })
  await page.getByRole('button', { name: 'Preview again' }).click()
  await page.getByText('2 new, 0 updated, 0 unchanged, 1 refused').waitFor()
  await page.getByRole('cell', { name: 'Bad email: "no-es-un-correo"' }).waitFor()
  if (viewport.width === PHONE.width) await fitsPhone(page)
  await expectAccessible(page, `Import preview at ${label}`)

  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await page.waitForURL(/\/employees\/import\?id=/)
  await page.getByRole('progressbar').waitFor()
  // The progress survives a reload: the import's id is in the address, its state on the server.
  await page.reload()
  await page.getByRole('progressbar').waitFor()
  await expectAccessible(page, `Import running at ${label}`)

  // The import job (every minute on AWS and on npm start; the test stack runs it when asked).
  expect((await importMembersJob()).applied).toBeGreaterThanOrEqual(1)
  await page.getByText('Import finished: 2 added, 0 updated, 0 unchanged, 1 refused.').waitFor()
  const link = page.getByRole('link', { name: 'Download the usernames and temporary passwords (CSV)' })
  const href = (await link.getAttribute('href'))!
  expect(await page.getByRole('progressbar').getAttribute('value')).toBe('3')
  if (viewport.width === PHONE.width) await fitsPhone(page)
  await expectAccessible(page, `Import finished at ${label}`)

  const file = await fetch(href)
  expect(file.status).toBe(200)
  const lines = (await file.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('First Name,Last Name,Email,Username,Temporary Password,Sign In At')
  expect(lines).toHaveLength(3)
  const [, , , username, password] = lines.find((l) => l.includes(`lucia.${tag}`))!.split(',')

  // Read again (a reload): the link is not shown a second time.
  await page.reload()
  await page.getByText('The sign-in details were already handed out.', { exact: false }).waitFor()
  expect(await link.count()).toBe(0)
  return { username: username!, password: password! }
}

describe('Employees → Import from a file', () => {
  it('at 375 px: map, preview, import, progress after a reload, and the credentials link once', async () => {
    const supervisor = await signedInSupervisor(newPage())
    const credentials = await importThroughScreens(supervisor, PHONE, '375 px')
    // The new member signs in with what the file holds.
    const member = await newPage()
    await signInAsStaff(member, credentials)
  })

  it('at 1280 px: the same journey on a desktop', async () => {
    const supervisor = await signedInSupervisor(newPage())
    await importThroughScreens(supervisor, DESKTOP, '1280 px')
    await supervisor.goto('/employees')
    // The members list shows the imported members (read again once the import ended).
    await supervisor.locator('text=Lucía Vega >> visible=true').first().waitFor()
  })
})
