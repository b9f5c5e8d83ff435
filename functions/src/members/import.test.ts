import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { decideRows, ImportPreview, ImportStarted, ImportStatus } from '@app/core'
import { orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute, sessionOf } from '../../test/support/test-event.ts'
import { addCampuses, newCampusAdmin, newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { onPlan } from '../../test/support/test-plans.ts'
import { importMembersJob, runImport } from '../jobs/import-members.ts'
import { applyImportRow } from '../workflows/member-import.ts'
import { readImportFile } from '../workflows/member-import-file.ts'
import { importContext } from '../workflows/member-import-rows.ts'
import listAudit from '../audit/list-audit.ts'
import staffLogin from '../staff/staff-login.ts'
import getImport from './get-import.ts'
import importMembers from './import-members.ts'
import listMembers from './list-members.ts'
import updateMember from './update-member.ts'
import updateCampuses from '../organization/update-campuses.ts'

type Org = Awaited<ReturnType<typeof newOrganization>>

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64')
const csv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c}"` : c)).join(',')).join('\r\n')
const tag = () => Math.random().toString(36).slice(2, 8)

const preview = async (org: Org, body: Record<string, unknown>) => {
  const res = await callRoute(importMembers, { cookies: [org.cookie], body: { fileName: 'people.csv', ...body } })
  expect(res.status, res.text).toBe(200)
  return ImportPreview.parse(res.json)
}

/** The organization's import items (none after a preview or a refused start). */
const importItems = (org: Org) =>
  table.queryAll({
    KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': keys.orgPk(org.organization.id), ':s': 'MEMBERIMPORT' },
  })

/** Starts the import (no job runs yet): its id. */
const startImport = async (org: Org, body: Record<string, unknown>) => {
  const res = await callRoute(importMembers, {
    cookies: [org.cookie],
    body: { fileName: 'people.csv', ...body, dryRun: false },
  })
  expect(res.status, res.text).toBe(200)
  return ImportStarted.parse(res.json).id
}

/** One read of the import's status, as its supervisor's page reads it. */
const readImport = async (org: Org, id: string) => {
  const status = await callRoute(getImport, { cookies: [org.cookie], params: { id } })
  expect(status.status, status.text).toBe(200)
  return ImportStatus.parse(status.json)
}

/** Starts the import, runs the job for this organization, and reads its status once. */
const importAll = async (org: Org, body: Record<string, unknown>) => {
  const id = await startImport(org, body)
  const started = Date.now()
  await importMembersJob([org.organization.id])
  const ms = Date.now() - started
  return { id, ms, status: await readImport(org, id) }
}

/** The import is done, its rows counted as `counts`, each once: done and total are their sum. */
const expectDone = (status: ImportStatus, counts: ImportStatus['counts']) => {
  const rows = counts.new + counts.unchanged + counts.updated + counts.refused
  expect(status).toMatchObject({ status: 'done', done: rows, total: rows })
  expect(status.counts).toEqual(counts)
}

/** The rows of the credentials file behind a done import's link, its title row first. */
const credentialRows = async (status: ImportStatus) => {
  const file = await fetch(status.credentialsUrl!)
  expect(file.status).toBe(200)
  return parse((await file.text()).replace(/^\uFEFF/, '')) as string[][]
}

/** A Planning Center People export's columns (People → export to CSV), a few of its people. */
const planningCenterExport = (supervisorEmail: string, t: string) =>
  [
    'Person ID,Name Prefix,Given Name,First Name,Nickname,Middle Name,Last Name,Name Suffix,Birthdate,Gender,Status,Membership,Home Email,Work Email,Mobile Phone Number,Home Phone Number,Home Address Street Line 1,Home Address City,Home Address State,Home Address Zip Code,Created At',
    `81234561,,María,María,,José,Hernández,,1984-03-02,F,active,Staff,maria.${t}@grace.example,,(512) 555-0141,,12 Elm St,Austin,TX,78701,2021-05-01T10:00:00Z`,
    `81234562,Rev.,Daniel,Dan,Danny,,Okafor,Jr.,,M,active,Staff,,dan.${t}@grace.example,512-555-0142,,,,,,2022-01-09T10:00:00Z`,
    `81234563,,Grace,Grace,,,Liu,,,F,active,Volunteer,not-an-email-${t},,,,,,,,2023-08-20T10:00:00Z`,
    `81234564,,Sam,Sam,,,Grace,,,M,active,Staff,${supervisorEmail},,,,,,,,2020-01-01T10:00:00Z`,
  ].join('\r\n')

/** A Breeze ChMS people export: its own ids, Email, Mobile, and a church's custom Ministry field. */
const breezeExport = (t: string) =>
  [
    'Breeze ID,First Name,Last Name,Middle Name,Nickname,Email,Mobile,Home,Work,Street Address,City,State,Zip,Birthdate,Ministry,Role,Approver Email,Added Date',
    `24611101,Tomás,Reyes,,,tomas.${t}@grace.example,(210) 555-0100,,,4 Oak Ave,San Antonio,TX,78205,03/14/1990,Youth,Volunteer,,1/5/2024`,
    `24611102,Ruth,Adeyemi,,,ruth.${t}@grace.example,,,,,,,,,Worship,Staff,nobody@grace.example,1/5/2024`,
    `24611103,Tomas,Reyes,,,TOMAS.${t}@grace.example,,,,,,,,,Youth,Volunteer,,1/6/2024`,
  ].join('\r\n')

describe('members from a file', () => {
  it('previews a Planning Center export: Home and Work Email, the reasons in words, nothing written', async () => {
    const org = await newOrganization()
    const t = tag()
    const content = b64(planningCenterExport(org.supervisor.email!, t))
    // First guess: Planning Center's titles are recognised; it has no department, so new people are refused for it.
    const guessed = await preview(org, { content })
    expect(guessed.mapping).toEqual({
      'Given Name': 'firstName',
      'Last Name': 'lastName',
      'Home Email': 'email',
      'Mobile Phone Number': 'phone',
    })
    expect(guessed.rows.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'refused', 'No department'],
      [3, 'refused', 'No email'],
      [4, 'refused', `Bad email: "not-an-email-${t}"`],
      [5, 'unchanged', null],
    ])
    // Mapped by the supervisor: both emails, Membership as the department.
    const mapped = await preview(org, {
      content,
      mapping: {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        'Home Email': 'email',
        Membership: 'department',
        'Mobile Phone Number': 'phone',
      },
    })
    expect(mapped.rows.map((r) => [r.line, r.status, r.key])).toEqual([
      [2, 'new', null],
      [3, 'refused', 'missingEmail'],
      [4, 'refused', 'badEmail'],
      [5, 'updated', null],
    ])
    expect(mapped.counts).toEqual({ new: 1, unchanged: 0, updated: 1, refused: 2 })
    expect(await orgDb(org.organization.id).members.count()).toBe(1)
    expect(await importItems(org)).toEqual([])
  })

  it('imports a Breeze export: a duplicate and an unknown approver refused by line, the rest added with logins', async () => {
    const org = await newOrganization()
    const t = tag()
    const { status } = await importAll(org, { content: b64(breezeExport(t)), fileName: 'breeze.csv' })
    expectDone(status, { new: 1, unchanged: 0, updated: 0, refused: 2 })
    expect(status.refused.map((r) => [r.line, r.reason])).toEqual([
      [3, 'Unknown approver: "nobody@grace.example" is not a supervisor here'],
      [4, 'Duplicate in the file: same email as line 2'],
    ])
    const members = (await callRoute(listMembers, { cookies: [org.cookie] })).json as {
      email: string
      role: string
      department: string
      phone?: string
      username: string
    }[]
    expect(members.find((m) => m.email === `tomas.${t}@grace.example`)).toMatchObject({
      role: 'volunteer',
      department: 'Youth',
      phone: '(210) 555-0100',
    })
    // The credentials link, once: the new member signs in with what it holds.
    expect(status.credentialsIssued).toBe(true)
    const [head, ...lines] = await credentialRows(status)
    expect(head).toEqual(['First Name', 'Last Name', 'Email', 'Username', 'Temporary Password', 'Sign In At'])
    expect(lines).toHaveLength(1)
    const [, , email, username, password] = lines[0]!
    expect(email).toBe(`tomas.${t}@grace.example`)
    const login = await callRoute(staffLogin, { body: { username, password } })
    expect(login.status).toBe(200)
    expect(sessionOf(login.cookies)).toMatch(/^sid=/)
  })

  it('splits a single full name column into first and last name, shows them in the preview, and refuses one word by line', async () => {
    const org = await newOrganization()
    const t = tag()
    const content = b64(
      csv([
        ['Nombre completo', 'Correo', 'Ministerio'],
        ['  María José  Hernández ', `maria.${t}@grace.example`, 'Niños'],
        ['Okafor, Daniel', `dan.${t}@grace.example`, 'Música'],
        ['Cher', `cher.${t}@grace.example`, 'Música'],
      ]),
    )
    const guessed = await preview(org, { content })
    expect(guessed.mapping).toEqual({ 'Nombre completo': 'fullName', Correo: 'email', Ministerio: 'department' })
    const newRow = (line: number, firstName: string, lastName: string) => ({
      line,
      status: 'new',
      reason: null,
      key: null,
      params: {},
      firstName,
      lastName,
    })
    expect(guessed.rows).toEqual([
      newRow(2, 'María José', 'Hernández'),
      newRow(3, 'Daniel', 'Okafor'),
      {
        line: 4,
        status: 'refused',
        reason: 'Name "Cher" needs a first and a last name: write it as "First Last" or "Last, First"',
        key: 'incompleteName',
        params: { value: 'Cher' },
      },
    ])
    expect(await orgDb(org.organization.id).members.count()).toBe(1)

    const { status } = await importAll(org, { content })
    expectDone(status, { new: 2, unchanged: 0, updated: 0, refused: 1 })
    expect(status.refused.map((r) => [r.line, r.key])).toEqual([[4, 'incompleteName']])
    const made = (await orgDb(org.organization.id).users.list())
      .filter((m) => m.email?.endsWith(`.${t}@grace.example`))
      .map((m) => [m.email, m.firstName, m.lastName])
      .sort()
    expect(made).toEqual([
      [`dan.${t}@grace.example`, 'Daniel', 'Okafor'],
      [`maria.${t}@grace.example`, 'María José', 'Hernández'],
    ])
    // The same names again are unchanged: the split is what the members already have.
    expect((await preview(org, { content })).counts).toEqual({ new: 0, unchanged: 2, updated: 0, refused: 1 })
  })

  it('fills each member’s campus from a campus column, by name, and refuses unknown and missing campuses in words', async () => {
    const org = await newOrganization()
    const t = tag()
    const made = await callRoute(updateCampuses, {
      cookies: [org.cookie],
      body: {
        campuses: [
          { name: 'North Campus', address: '', active: true },
          { name: 'Iglesia Sur', address: '', active: true },
        ],
      },
    })
    expect(made.status, made.text).toBe(200)
    const ids = Object.fromEntries(
      (made.json as { campuses: { id: string; name: string }[] }).campuses.map((c) => [c.name, c.id]),
    )
    const file = csv([
      ['Nombre', 'Apellido', 'Correo', 'Ministerio', 'Sede'],
      ['Eva', 'Paz', `eva.${t}@grace.example`, 'Niños', 'north campus'],
      ['Luz', 'Mar', `luz.${t}@grace.example`, 'Música', 'IGLESIA SÚR'],
      ['Gil', 'Sol', `gil.${t}@grace.example`, 'Música', 'Downtown'],
      ['Rut', 'Paz', `rut.${t}@grace.example`, 'Música', ''],
    ])
    const shown = await preview(org, { content: b64(file), dryRun: true })
    expect(shown.mapping).toMatchObject({ Sede: 'campus' })
    expect(shown.rows.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'new', null],
      [4, 'refused', 'Unknown campus: "Downtown"'],
      [5, 'refused', 'No campus: this church has campuses, so each new member needs one'],
    ])
    const { status } = await importAll(org, { content: b64(file), mapping: shown.mapping })
    expectDone(status, { new: 2, unchanged: 0, updated: 0, refused: 2 })
    const members = (await callRoute(listMembers, { cookies: [org.cookie] })).json as {
      email: string
      campusId?: string
    }[]
    expect(members.find((m) => m.email === `eva.${t}@grace.example`)?.campusId).toBe(ids['North Campus'])
    expect(members.find((m) => m.email === `luz.${t}@grace.example`)?.campusId).toBe(ids['Iglesia Sur'])
    expect(members.some((m) => m.email === `gil.${t}@grace.example`)).toBe(false)
    // The same file moving Eva to the other campus updates her campus only.
    const moved = file.replace('north campus', 'Iglesia Sur')
    const again = await preview(org, { content: b64(moved), dryRun: true, mapping: shown.mapping })
    expect(again.rows.map((r) => r.status)).toEqual(['updated', 'unchanged', 'refused', 'refused'])
  })

  it('refuses moving a member to a campus their approver does not reach, as an edit does, in the preview and the import', async () => {
    const org = await newOrganization()
    const [north] = (await addCampuses(org.cookie, ['North', 'South'])) as [string, string]
    const nora = await newCampusAdmin(org.cookie, north, { firstName: 'Nora', lastName: 'North' })
    const nick = await newStaffMember(org.cookie, 'employee', {
      person: { firstName: 'Nick', lastName: 'North', campusId: north },
    })
    const approver = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: nick.user.id },
      body: { supervisorId: nora.user.id },
    })
    expect(approver.status, approver.text).toBe(200)
    const content = b64(
      csv([
        ['Email', 'Campus'],
        [nick.user.email, 'South'],
      ]),
    )
    const refused = {
      line: 2,
      status: 'refused',
      key: 'approverReach',
      reason: "The approver does not reach this member's campus",
    }
    expect((await preview(org, { content, dryRun: true })).rows).toEqual([expect.objectContaining(refused)])
    const { status } = await importAll(org, { content })
    expectDone(status, { new: 0, unchanged: 0, updated: 0, refused: 1 })
    expect(status.refused).toEqual([expect.objectContaining(refused)])
    expect(await orgDb(org.organization.id).users.get(nick.user.id)).toMatchObject({
      campusId: north,
      supervisorId: nora.user.id,
    })
  })

  it('gives the credentials link on the first read only, and keeps no password once the file holds them', async () => {
    const org = await newOrganization()
    const t = tag()
    const { id, status } = await importAll(org, {
      content: b64(
        csv([
          ['Email', 'First name', 'Last name', 'Department'],
          [`eva.${t}@grace.example`, 'Eva', 'Paz', 'Office'],
        ]),
      ),
    })
    expect(status.credentialsUrl).toMatch(/^http/)
    expect(await readImport(org, id)).toMatchObject({ status: 'done', credentialsUrl: null, credentialsIssued: true })
    const rows = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(org.organization.id), ':s': `MEMBERIMPORTROW#${id}` },
    })
    expect(rows).toEqual([])
  })

  it('reads an Excel file with a byte-order mark and Spanish titles', async () => {
    const org = await newOrganization()
    const t = tag()
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Personas')
    sheet.addRow(['\uFEFFNombre', 'Apellido', 'Correo electrónico', 'Departamento', 'Rol', 'Tipo de pago', 'Teléfono'])
    sheet.addRow(['Lucía', 'Fernández', `lucia.${t}@grace.example`, 'Niños', 'Voluntaria', '', '555-0199'])
    sheet.addRow(['José', 'Martínez', `jose.${t}@grace.example`, 'Alabanza', 'Empleado', 'Exento', ''])
    sheet.addRow([])
    sheet.addRow(['Sin', 'Correo', '', 'Alabanza', '', '', ''])
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64')
    const seen = await preview(org, { content, fileName: 'personas.xlsx' })
    expect(seen.columns[0]).toBe('Nombre')
    expect(seen.mapping).toEqual({
      Nombre: 'firstName',
      Apellido: 'lastName',
      'Correo electrónico': 'email',
      Departamento: 'department',
      Rol: 'role',
      'Tipo de pago': 'payType',
      Teléfono: 'phone',
    })
    expect(seen.rows.map((r) => [r.line, r.status, r.key])).toEqual([
      [2, 'new', null],
      [3, 'new', null],
      [5, 'refused', 'missingEmail'],
    ])
    const { status } = await importAll(org, { content, fileName: 'personas.xlsx', mapping: seen.mapping })
    expectDone(status, { new: 2, unchanged: 0, updated: 0, refused: 1 })
    const members = (await orgDb(org.organization.id).users.list()).filter((m) =>
      m.email?.endsWith(`${t}@grace.example`),
    )
    expect(members.map((m) => [m.firstName, m.role, m.payType, m.department]).sort()).toEqual([
      ['José', 'employee', 'exempt', 'Alabanza'],
      ['Lucía', 'volunteer', 'non-exempt', 'Niños'],
    ])
    // The mapping is remembered: the next file's first guess starts from it.
    const next = await preview(org, {
      content: b64(
        csv([
          ['Tipo de pago', 'Correo electrónico'],
          ['exento', `x.${t}@grace.example`],
        ]),
      ),
    })
    expect(next.mapping).toEqual({ 'Tipo de pago': 'payType', 'Correo electrónico': 'email' })
  })

  it('records the import in the audit trail, and each member added', async () => {
    const org = await newOrganization()
    const t = tag()
    await importAll(org, {
      content: b64(
        csv([
          ['Email', 'First name', 'Last name', 'Department'],
          [`ida.${t}@grace.example`, 'Ida', 'Wells', 'Office'],
        ]),
      ),
      fileName: 'office.csv',
    })
    const trail = (await callRoute(listAudit, { cookies: [org.cookie] })).json.items as {
      action: string
      changes: { field: string; after: unknown }[]
    }[]
    expect(trail.find((e) => e.action === 'members.imported')?.changes).toEqual([
      { field: 'fileName', before: null, after: 'office.csv' },
      { field: 'rows', before: null, after: 1 },
    ])
    expect(trail.filter((e) => e.action === 'member.added')).toHaveLength(1)
  })

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const org = await newOrganization()
    const good = b64(
      csv([
        ['Email', 'First name', 'Last name', 'Department'],
        ['a@grace.example', 'A', 'B', 'C'],
      ]),
    )
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ content: 'not base64!' }, /The file must be sent as base64/],
      [{ content: b64('%PDF-1.7\u0000\u0001\u0002binary') }, /The file must be a CSV or an Excel \(\.xlsx\) file/],
      [{ content: b64(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])) }, /CSV or an Excel/],
      [{ content: b64('x'.repeat(3 * 1024 * 1024 + 1)) }, /larger than 3 MB/],
      [{ content: b64('Email\r\n') }, /no rows under its title row/],
      [{ content: good, mapping: { Email: 'salary' } }, /A column maps to one of/],
      [{ content: good, mapping: { Correo: 'email' } }, /a column the file does not have: Correo/],
      [{ content: good, mapping: { Email: 'email', 'First name': 'email' } }, /Two columns are mapped/],
      [
        { content: good, mapping: { Email: 'email', 'First name': 'fullName', 'Last name': 'lastName' } },
        /either one column to the full name or columns to the first and last name, not both/,
      ],
      [{ content: good, mapping: { 'First name': 'firstName' }, dryRun: false }, /Map a column to email/],
    ]
    for (const [body, message] of cases) {
      const res = await callRoute(importMembers, { cookies: [org.cookie], body: { fileName: 'x.csv', ...body } })
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.json.message).toMatch(message)
    }
    const res = await callRoute(importMembers, {
      cookies: [org.cookie],
      body: { fileName: 'x.csv', content: 'not base64!' },
    })
    expect(res.json.key).toBe('importNotBase64')
    const both = await callRoute(importMembers, {
      cookies: [org.cookie],
      body: {
        fileName: 'x.csv',
        content: good,
        mapping: { Email: 'email', 'First name': 'fullName', 'Last name': 'lastName' },
      },
    })
    expect(both.json.key).toBe('importFullNameAndParts')
    expect(await orgDb(org.organization.id).members.count()).toBe(1)
    expect(await importItems(org)).toEqual([])
  })

  it('is for supervisors of the organization only', async () => {
    const org = await newOrganization()
    const other = await newOrganization()
    const staff = await newStaffMember(org.cookie)
    const content = b64(csv([['Email'], ['a@grace.example']]))
    expect(
      (await callRoute(importMembers, { cookies: [staff.cookie], body: { fileName: 'x.csv', content } })).status,
    ).toBe(403)
    const { id } = await importAll(org, { content })
    expect((await callRoute(getImport, { cookies: [staff.cookie], params: { id } })).status).toBe(403)
    expect((await callRoute(getImport, { cookies: [other.cookie], params: { id } })).status).toBe(404)
  })

  it("never changes the role of the supervisor running it: their row is refused, and they stay the church's supervisor", async () => {
    const org = await newOrganization()
    const content = b64(
      csv([
        ['Email', 'First Name', 'Last Name', 'Department', 'Role'],
        [org.supervisor.email!, 'Bob', 'Other', 'Admin', 'employee'],
      ]),
    )
    const refused = { status: 'refused', key: 'ownRole', reason: 'You cannot change your own role' }
    expect((await preview(org, { content, dryRun: true })).rows).toEqual([expect.objectContaining(refused)])
    const { status } = await importAll(org, { content })
    expectDone(status, { new: 0, unchanged: 0, updated: 0, refused: 1 })
    expect(await orgDb(org.organization.id).users.get(org.supervisor.id)).toMatchObject({
      role: 'supervisor',
      firstName: org.supervisor.firstName,
    })
  })

  it('takes up a run that stopped halfway where it stopped: each row applied and counted once', async () => {
    const org = await newOrganization()
    const t = tag()
    const text = csv([
      ['Email', 'First name', 'Last name', 'Department'],
      ...[1, 2, 3, 4].map((i) => [`r${i}.${t}@grace.example`, `R${i}`, 'Row', 'Office']),
    ])
    const id = await startImport(org, { fileName: 'rows.csv', content: b64(text) })
    // A run applied the second row, then stopped (its marker and count were written with the member).
    const db = orgDb(org.organization.id)
    const organization = await db.organization.get()
    const file = await readImportFile(Buffer.from(text))
    const { decisions } = decideRows(
      file.rows,
      (await db.memberImports.get(id)).mapping,
      await importContext(db, organization),
    )
    const by = { ...org.supervisor, language: 'en' as const }
    expect((await applyImportRow(db, organization, decisions[1]!, by, { importId: id })).status).toBe('new')
    expect((await db.memberImports.get(id)).done).toBe(1)

    await importMembersJob([org.organization.id])
    const status = await readImport(org, id)
    expectDone(status, { new: 4, unchanged: 0, updated: 0, refused: 0 })
    expect(await db.members.count()).toBe(5)
    // The row applied before the stop is in the credentials file too (its sealed login was kept with it).
    const lines = await credentialRows(status)
    expect(
      lines
        .slice(1)
        .map((l) => l[2])
        .sort(),
    ).toEqual([1, 2, 3, 4].map((i) => `r${i}.${t}@grace.example`))
  })

  it('applies rows side by side within the plan’s limit, each counted once even when two runs overlap', async () => {
    const org = await newOrganization()
    // The Starter plan: 10 members, the supervisor one of them, so room for 9.
    await onPlan(org.organization.id, 'starter')
    const t = tag()
    const text = csv([
      ['Email', 'First name', 'Last name', 'Department'],
      ...Array.from({ length: 14 }, (_, i) => [`s${i}.${t}@grace.example`, `S${i}`, 'Side', 'Office']),
    ])
    const id = await startImport(org, { fileName: 'side.csv', content: b64(text) })
    // A run that outlived its claim and the run that took the import over, at the same time.
    const runs = await Promise.all([runImport(org.organization.id, id), runImport(org.organization.id, id)])
    expect(runs.filter(Boolean)).toHaveLength(1)
    const status = await readImport(org, id)
    expectDone(status, { new: 9, unchanged: 0, updated: 0, refused: 5 })
    expect(status.refused.map((r) => [r.line, r.key])).toEqual([11, 12, 13, 14, 15].map((line) => [line, 'overLimit']))
    const db = orgDb(org.organization.id)
    expect(await db.members.count()).toBe(10)
    // Each new member's login once in the file, and it signs in.
    const [, ...lines] = await credentialRows(status)
    expect(lines.map((l) => l[2]).sort()).toEqual(
      Array.from({ length: 9 }, (_, i) => `s${i}.${t}@grace.example`).sort(),
    )
    const [, , , username, password] = lines[0]!
    expect((await callRoute(staffLogin, { body: { username, password } })).status).toBe(200)
    expect((await importItems(org)).filter((i) => String(i.sk).startsWith('MEMBERIMPORTROW'))).toEqual([])
  })

  it('imports 2,000 rows with 5 bad ones: 1,995 members and the 5 named; again, nothing changes', async () => {
    const org = await newOrganization()
    // Enterprise has no member limit.
    await onPlan(org.organization.id, 'enterprise')
    const t = tag()
    const bad = new Map([
      [101, ['Bad', 'Email', `bad-email-${t}`, 'Office']],
      [502, ['No', 'Department', `nodept.${t}@grace.example`, '']],
      [903, ['Unknown', 'Role', `role.${t}@grace.example`, 'Office', 'Bishop']],
      [1404, ['Duplicate', 'Person', `p1.${t}@grace.example`, 'Office']],
      [1905, ['', 'Nameless', `nameless.${t}@grace.example`, 'Office']],
    ])
    const rows = [['First Name', 'Last Name', 'Email', 'Department', 'Role']]
    for (let line = 2; line <= 2001; line++)
      rows.push(
        bad.get(line) ?? [
          `Person${line}`,
          `Family${line % 97}`,
          `p${line}.${t}@grace.example`,
          `Team ${line % 7}`,
          line % 3 ? 'Staff' : 'Volunteer',
        ],
      )
    rows[1404 - 1] = bad.get(1404)!.map((c, i) => (i === 2 ? `p2.${t}@grace.example` : c)) // the same email as line 2
    const content = b64(csv(rows))

    const first = await importAll(org, { content, fileName: 'directory.csv' })
    console.log(`member import: 2,000 rows in ${(first.ms / 1000).toFixed(1)} s on the local stack`)
    expectDone(first.status, { new: 1995, unchanged: 0, updated: 0, refused: 5 })
    expect(first.status.refused.map((r) => [r.line, r.key])).toEqual([
      [101, 'badEmail'],
      [502, 'missingDepartment'],
      [903, 'unknownRole'],
      [1404, 'duplicate'],
      [1905, 'missingFirstName'],
    ])
    expect(await orgDb(org.organization.id).members.count()).toBe(1996)
    expect(await credentialRows(first.status)).toHaveLength(1996)

    const again = await importAll(org, { content, fileName: 'directory.csv' })
    console.log(`member import again: 2,000 rows in ${(again.ms / 1000).toFixed(1)} s`)
    expectDone(again.status, { new: 0, unchanged: 1995, updated: 0, refused: 5 })
    expect(again.status.credentialsUrl).toBeNull()
    expect(await orgDb(org.organization.id).members.count()).toBe(1996)
  }, 1_200_000)
})
