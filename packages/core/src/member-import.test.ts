import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Campus } from './campus.ts'
import {
  campusByName,
  changedFields,
  conflictingField,
  defaultCampus,
  decideRow,
  decideRows,
  guessMapping,
  IMPORT_FIELDS,
  ImportField,
  ImportMapping,
  importReason,
  normalizeTitle,
  readRow,
  splitFullName,
  type ImportContext,
  type ImportedMemberView,
  type ImportRow,
} from './member-import.ts'

const ana: ImportedMemberView = {
  id: 'u-ana',
  email: 'ana@grace.example',
  firstName: 'Ana',
  lastName: 'Ruiz',
  department: 'Worship',
  role: 'employee',
  payType: 'non-exempt',
  payrollId: null,
  supervisorId: 'u-boss',
  phone: null,
}
const boss = new Map([['boss@grace.example', { id: 'u-boss' }]])
const context = (over: Partial<ImportContext> = {}): ImportContext => ({
  membersByEmail: new Map([[ana.email!, ana]]),
  supervisorsByEmail: boss,
  approversById: new Map([['u-boss', { id: 'u-boss' }]]),
  slots: null,
  limit: null,
  ...over,
})
const mapping: ImportMapping = {
  First: 'firstName',
  Last: 'lastName',
  Email: 'email',
  Dept: 'department',
  Role: 'role',
  Pay: 'payType',
  Approver: 'approverEmail',
  Payroll: 'payrollId',
  Phone: 'phone',
}
const row = (line: number, cells: Record<string, string>): ImportRow => ({ line, cells })
const person = (over: Record<string, string> = {}) => ({
  First: 'Luis',
  Last: 'Gómez',
  Email: 'luis@grace.example',
  Dept: 'Youth',
  ...over,
})

describe('column titles', () => {
  it('compares titles without case, accents, punctuation, spaces or a byte-order mark', () => {
    expect(normalizeTitle('\uFEFF  Correo   Electrónico ')).toBe('correo electronico')
    expect(normalizeTitle('E-Mail_Address')).toBe('e mail address')
    expect(normalizeTitle('Teléfono (móvil)')).toBe('telefono movil')
  })

  it('guesses English and Spanish titles, the first column of a field taking it', () => {
    expect(guessMapping(['Nombre', 'Apellido', 'Correo electrónico', 'Ministerio', 'Teléfono'])).toEqual({
      Nombre: 'firstName',
      Apellido: 'lastName',
      'Correo electrónico': 'email',
      Ministerio: 'department',
      Teléfono: 'phone',
    })
    // A Planning Center export: Home Email wins over Work Email; unknown titles stay unmapped.
    expect(
      guessMapping(['Person ID', 'First Name', 'Last Name', 'Home Email', 'Work Email', 'Mobile Phone Number']),
    ).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      'Home Email': 'email',
      'Mobile Phone Number': 'phone',
    })
  })

  it('puts a remembered mapping first, for the columns the file has, each field once', () => {
    const remembered: ImportMapping = { 'E-mail de trabajo': 'email', Gone: 'department', Equipo: 'role' }
    expect(guessMapping(['Email', 'E-mail de trabajo', 'Equipo', 'Role'], remembered)).toEqual({
      'E-mail de trabajo': 'email',
      Equipo: 'role',
    })
    // A remembered field is not taken twice by two remembered columns.
    expect(guessMapping(['A', 'B'], { A: 'email', B: 'email' })).toEqual({ A: 'email' })
  })

  it('knows every field by at least one title, and a title belongs to one field', () => {
    const titles = Object.values(IMPORT_FIELDS).flatMap((names) => names.map(normalizeTitle))
    expect(new Set(titles).size).toBe(titles.length)
    for (const [field, names] of Object.entries(IMPORT_FIELDS))
      expect(guessMapping([names[0]!])).toEqual({ [names[0]!]: field })
  })

  it('refuses a mapping to a field we do not have', () => {
    expect(ImportField.safeParse('campus').success).toBe(true)
    expect(ImportField.safeParse('campusId').success).toBe(false)
    expect(ImportMapping.safeParse({ Email: 'email', X: 'salary' }).success).toBe(false)
    expect(ImportMapping.safeParse({ Email: 'email' }).success).toBe(true)
  })
})

describe('reasons', () => {
  it('fills the English words with the parameters', () => {
    expect(importReason('duplicate', { line: 7 })).toEqual({
      key: 'duplicate',
      params: { line: 7 },
      text: 'Duplicate in the file: same email as line 7',
    })
    expect(importReason('missingEmail').text).toBe('No email')
    expect(importReason('tooLong', { field: 'Department' }).text).toBe('Department is longer than  characters')
  })
})

describe('reading a row', () => {
  const read = (cells: Record<string, string>) => readRow(row(2, cells), mapping, boss)

  it('reads every mapped field, trimmed, with roles and pay types in English or Spanish', () => {
    expect(
      read(
        person({
          Email: ' LUIS@Grace.Example ',
          Role: 'Voluntario',
          Pay: 'Salaried',
          Approver: 'Boss@Grace.example',
          Payroll: ' E-7 ',
          Phone: '+1 (555) 010-2030 ext 12',
        }),
      ),
    ).toEqual({
      fields: {
        email: 'luis@grace.example',
        firstName: 'Luis',
        lastName: 'Gómez',
        department: 'Youth',
        role: 'volunteer',
        payType: 'exempt',
        supervisorId: 'u-boss',
        payrollId: 'E-7',
        phone: '+1 (555) 010-2030 ext 12',
      },
      approver: { id: 'u-boss' },
    })
    expect(read(person({ Role: 'Staff Member', Pay: 'no exento' }))).toMatchObject({
      fields: { role: 'employee', payType: 'non-exempt' },
    })
    expect(read(person({ Role: 'supervisor', Pay: 'Pastor' }))).toMatchObject({
      fields: { role: 'supervisor', payType: 'minister' },
    })
  })

  it('leaves out blank and unmapped cells, and reads the first column of a field that has a value', () => {
    expect(read({ Email: 'a@b.example', Dept: '  ', Other: 'x' })).toEqual({ fields: { email: 'a@b.example' } })
    const twoEmails = readRow(row(2, { Home: '', Work: 'w@b.example' }), { Home: 'email', Work: 'email' }, boss)
    expect(twoEmails).toEqual({ fields: { email: 'w@b.example' } })
  })

  it('refuses with the reason in words', () => {
    const reason = (cells: Record<string, string>) => {
      const r = read(cells)
      return 'reason' in r ? r.reason.text : 'accepted'
    }
    expect(reason(person({ Email: '' }))).toBe('No email')
    expect(reason(person({ Email: 'luis.grace.example' }))).toBe('Bad email: "luis.grace.example"')
    expect(reason(person({ First: 'x'.repeat(101) }))).toBe('First name is longer than 100 characters')
    expect(reason(person({ First: 'x'.repeat(100) }))).toBe('accepted')
    expect(reason(person({ Last: 'y'.repeat(101) }))).toBe('Last name is longer than 100 characters')
    expect(reason(person({ Dept: 'z'.repeat(101) }))).toBe('Department is longer than 100 characters')
    expect(reason(person({ Role: 'Pastor' }))).toBe('Unknown role: "Pastor"')
    expect(reason(person({ Pay: 'weekly' }))).toBe('Unknown pay type: "weekly"')
    expect(reason(person({ Approver: 'nobody@grace.example' }))).toBe(
      'Unknown approver: "nobody@grace.example" is not a supervisor here',
    )
    expect(reason(person({ Payroll: 'E'.repeat(41) }))).toBe(`Bad payroll id: "${'E'.repeat(41)}"`)
    expect(reason(person({ Payroll: 'E'.repeat(40) }))).toBe('accepted')
    expect(reason(person({ Phone: 'call me' }))).toBe('Bad phone number: "call me"')
    expect(reason(person({ Phone: '1'.repeat(41) }))).toBe(`Bad phone number: "${'1'.repeat(41)}"`)
  })
})

describe('deciding a row', () => {
  const decide = (cells: Record<string, string>, over: Partial<ImportContext> = {}) =>
    decideRow(5, readRow(row(5, cells), mapping, boss), context(over))

  it('is new when no member has the email, with role and the rest as given', () => {
    expect(decide(person())).toEqual({
      line: 5,
      status: 'new',
      fields: { email: 'luis@grace.example', firstName: 'Luis', lastName: 'Gómez', department: 'Youth' },
    })
  })

  it('needs a first name, a last name and a department for a new member', () => {
    expect(decide(person({ First: '' }))).toMatchObject({ status: 'refused', reason: { key: 'missingFirstName' } })
    expect(decide(person({ Last: '' }))).toMatchObject({ status: 'refused', reason: { key: 'missingLastName' } })
    expect(decide(person({ Dept: '' }))).toMatchObject({ status: 'refused', reason: { key: 'missingDepartment' } })
  })

  it('is refused over the plan’s limit, naming it', () => {
    expect(decide(person(), { slots: 0, limit: 10 })).toEqual({
      line: 5,
      status: 'refused',
      reason: { key: 'overLimit', params: { limit: 10 }, text: 'Over the plan’s member limit (10 members)' },
    })
    expect(decide(person(), { slots: 1, limit: 10 }).status).toBe('new')
  })

  it('is unchanged when the member has every field the row gives, whatever the email’s case', () => {
    expect(
      decide({ Email: 'ANA@grace.example', First: 'Ana', Dept: 'Worship', Approver: 'boss@grace.example' }),
    ).toEqual({
      line: 5,
      status: 'unchanged',
      memberId: 'u-ana',
    })
    // A matched member needs no name in the row, nor room in the plan.
    expect(decide({ Email: 'ana@grace.example' }, { slots: 0 }).status).toBe('unchanged')
  })

  it('is updated with only the fields that differ', () => {
    expect(
      decide({ Email: 'ana@grace.example', First: 'Ana', Last: 'Ruiz-Paz', Pay: 'exempt', Phone: '555-0101' }),
    ).toEqual({
      line: 5,
      status: 'updated',
      memberId: 'u-ana',
      changes: { lastName: 'Ruiz-Paz', payType: 'exempt', phone: '555-0101' },
      fields: {
        email: 'ana@grace.example',
        firstName: 'Ana',
        lastName: 'Ruiz-Paz',
        payType: 'exempt',
        phone: '555-0101',
      },
    })
  })

  it('refuses making a member their own approver', () => {
    const bossMember = {
      ...ana,
      id: 'u-boss',
      email: 'boss@grace.example',
      role: 'supervisor' as const,
      supervisorId: null,
    }
    const result = decideRow(
      3,
      readRow(row(3, { Email: 'boss@grace.example', Approver: 'boss@grace.example' }), mapping, boss),
      context({ membersByEmail: new Map([['boss@grace.example', bossMember]]) }),
    )
    expect(result).toMatchObject({ status: 'refused', reason: { key: 'ownApprover' } })
  })

  it("refuses an approver who does not reach the member's campus, new or moved", () => {
    const supervisors = new Map([
      ['boss@grace.example', { id: 'u-boss' }],
      ['south@grace.example', { id: 'u-south', campusIds: ['south'] }],
    ])
    const campuses = [
      { id: 'north', name: 'North', address: '', active: true },
      { id: 'south', name: 'South', address: '', active: true },
    ]
    const decide = (cells: Record<string, string>) =>
      decideRow(
        4,
        readRow(row(4, cells), { ...mapping, Campus: 'campus' }, supervisors, campuses),
        context({ membersByEmail: new Map([[ana.email!, { ...ana, campusId: 'north' }]]), campuses }),
      ).status
    const newcomer = { Email: 'new@grace.example', First: 'Noa', Last: 'Lee', Dept: 'Youth' }
    expect(decide({ ...newcomer, Campus: 'North', Approver: 'south@grace.example' })).toBe('refused')
    expect(decide({ ...newcomer, Campus: 'South', Approver: 'south@grace.example' })).toBe('new')
    expect(decide({ ...newcomer, Campus: 'North', Approver: 'boss@grace.example' })).toBe('new')
    expect(decide({ Email: ana.email!, Approver: 'south@grace.example' })).toBe('refused')
    expect(decide({ Email: ana.email!, Campus: 'South', Approver: 'south@grace.example' })).toBe('updated')
  })

  it('refuses moving a member to a campus the approver they keep does not reach, as an edit would', () => {
    const campuses = [
      { id: 'north', name: 'North', address: '', active: true },
      { id: 'south', name: 'South', address: '', active: true },
    ]
    const approvers = new Map([
      ['u-nora', { id: 'u-nora', campusIds: ['north'] }],
      ['u-sam', { id: 'u-sam', campusIds: ['south'] }],
      ['u-boss', { id: 'u-boss' }],
    ])
    const supervisors = new Map([...approvers.values()].map((a) => [`${a.id.slice(2)}@grace.example`, a]))
    const decide = (cells: Record<string, string>, supervisorId: string | null) =>
      decideRow(
        6,
        readRow(row(6, { Email: ana.email!, ...cells }), { ...mapping, Campus: 'campus' }, supervisors, campuses),
        context({
          membersByEmail: new Map([[ana.email!, { ...ana, campusId: 'north', supervisorId }]]),
          approversById: approvers,
          campuses,
        }),
      )
    // Nick's case: North's approver kept, the member moved South.
    expect(decide({ Campus: 'South' }, 'u-nora')).toEqual({
      line: 6,
      status: 'refused',
      reason: importReason('approverReach'),
    })
    expect(decide({ Campus: 'South' }, 'u-boss')).toMatchObject({ status: 'updated', changes: { campusId: 'south' } })
    expect(decide({ Campus: 'South' }, null)).toMatchObject({ status: 'updated' })
    // The row naming an approver who reaches South moves them; staying at North asks nothing of Nora.
    expect(decide({ Campus: 'South', Approver: 'sam@grace.example' }, 'u-nora')).toMatchObject({ status: 'updated' })
    expect(decide({ Campus: 'North', Phone: '555-0101' }, 'u-nora')).toMatchObject({ status: 'updated' })
    expect(decide({ Campus: 'North' }, 'u-sam')).toMatchObject({ status: 'unchanged' })
  })

  it('refuses changing the role of the supervisor running the import, and no other change of theirs', () => {
    const bossMember = { ...ana, id: 'u-boss', email: 'boss@grace.example', role: 'supervisor' as const }
    const decideFor = (cells: Record<string, string>, importerId?: string) =>
      decideRow(
        3,
        readRow(row(3, { Email: 'boss@grace.example', ...cells }), mapping, boss),
        context({ membersByEmail: new Map([['boss@grace.example', bossMember]]), importerId }),
      )
    expect(decideFor({ Role: 'employee' }, 'u-boss')).toMatchObject({
      status: 'refused',
      reason: { key: 'ownRole', text: 'You cannot change your own role' },
    })
    expect(decideFor({ Role: 'supervisor', Phone: '555-0101' }, 'u-boss')).toMatchObject({
      status: 'updated',
      changes: { phone: '555-0101' },
    })
    // Another supervisor, or a sync with no one running it, may change the role.
    expect(decideFor({ Role: 'employee' }, 'u-other')).toMatchObject({
      status: 'updated',
      changes: { role: 'employee' },
    })
    expect(decideFor({ Role: 'employee' })).toMatchObject({ status: 'updated', changes: { role: 'employee' } })
  })

  it('compares a field the member has none of as null', () => {
    expect(changedFields({ ...ana, phone: undefined }, { email: ana.email!, phone: '555-0101' })).toEqual({
      phone: '555-0101',
    })
    expect(changedFields(ana, { email: ana.email!, payrollId: null })).toEqual({})
    expect(changedFields(ana, { email: ana.email!, role: 'volunteer', supervisorId: 'u-other' })).toEqual({
      role: 'volunteer',
      supervisorId: 'u-other',
    })
  })
})

describe('deciding a file', () => {
  it('refuses a later row with an email already in the file, and counts each outcome', () => {
    const rows = [
      row(2, person()),
      row(3, person({ Email: 'LUIS@grace.example', First: 'Other' })),
      row(4, { Email: 'ana@grace.example', First: 'Ana' }),
      row(5, { Email: 'ana@grace.example', Dept: 'Office' }),
      row(6, person({ Email: 'bad' })),
      row(7, person({ Email: 'bad' })),
      row(8, { Email: 'ana.2@grace.example', Dept: 'Office' }),
    ]
    const { decisions, counts } = decideRows(rows, mapping, context())
    expect(decisions.map((d) => [d.line, d.status, d.status === 'refused' ? d.reason.text : ''])).toEqual([
      [2, 'new', ''],
      [3, 'refused', 'Duplicate in the file: same email as line 2'],
      [4, 'unchanged', ''],
      [5, 'refused', 'Duplicate in the file: same email as line 4'],
      [6, 'refused', 'Bad email: "bad"'],
      [7, 'refused', 'Bad email: "bad"'],
      [8, 'refused', 'No first name'],
    ])
    expect(counts).toEqual({ new: 1, unchanged: 1, updated: 0, refused: 5 })
  })

  it('adds new members up to the plan’s room and refuses the rest', () => {
    const rows = [1, 2, 3, 4].map((i) => row(i + 1, person({ Email: `p${i}@grace.example` })))
    const { decisions, counts } = decideRows(rows, mapping, context({ slots: 2, limit: 10 }))
    expect(decisions.map((d) => d.status)).toEqual(['new', 'new', 'refused', 'refused'])
    expect(counts).toEqual({ new: 2, unchanged: 0, updated: 0, refused: 2 })
  })

  it('counts every row once, and never adds more new members than the room', () => {
    const cells = fc.record({
      Email: fc.constantFrom('a@x.example', 'b@x.example', 'ana@grace.example', 'bad', ''),
      First: fc.constantFrom('', 'Eva'),
      Last: fc.constantFrom('', 'Paz'),
      Dept: fc.constantFrom('', 'Office'),
    })
    fc.assert(
      fc.property(fc.array(cells, { maxLength: 12 }), fc.option(fc.nat(3), { nil: null }), (all, slots) => {
        const rows = all.map((c, i) => row(i + 2, c))
        const { decisions, counts } = decideRows(rows, mapping, context({ slots, limit: 5 }))
        expect(decisions).toHaveLength(rows.length)
        expect(counts.new + counts.unchanged + counts.updated + counts.refused).toBe(rows.length)
        if (slots !== null) expect(counts.new).toBeLessThanOrEqual(slots)
        const accepted = decisions.filter((d) => d.status !== 'refused')
        const emails = accepted.map((d) => (d.status === 'new' ? d.fields.email : d.memberId))
        expect(new Set(emails).size).toBe(emails.length)
      }),
    )
  })
})

describe('the campus column', () => {
  const north: Campus = { id: 'north', name: 'North Campus', address: '', active: true }
  const sur: Campus = { id: 'sur', name: 'Iglesia Sur', address: '', active: true }
  const old: Campus = { id: 'old', name: 'Old Chapel', address: '', active: false }
  const campuses = [north, sur, old]
  const withCampus: ImportMapping = { ...mapping, Sede: 'campus' }
  const decide = (cells: Record<string, string>, over: Partial<ImportContext> = {}) =>
    decideRows([row(2, cells)], withCampus, context({ campuses, ...over })).decisions[0]!

  it('is guessed from English and Spanish titles', () => {
    expect(guessMapping(['Campus', 'Correo'])).toEqual({ Campus: 'campus', Correo: 'email' })
    expect(guessMapping(['Sede'])).toEqual({ Sede: 'campus' })
    expect(guessMapping(['Primary Campus'])).toEqual({ 'Primary Campus': 'campus' })
    expect(guessMapping(['Nombre del campus'])).toEqual({ 'Nombre del campus': 'campus' })
  })

  it('finds a campus by name without case, accents or punctuation', () => {
    expect(campusByName(campuses, 'north campus')).toEqual({ campusId: 'north' })
    expect(campusByName(campuses, ' IGLESIA  SÚR ')).toEqual({ campusId: 'sur' })
    expect(campusByName(campuses, 'North-Campus')).toEqual({ campusId: 'north' })
    expect(campusByName(campuses, 'North')).toEqual({
      reason: { key: 'unknownCampus', params: { value: 'North' }, text: 'Unknown campus: "North"' },
    })
    expect(campusByName(campuses, 'old chapel')).toEqual({
      reason: { key: 'inactiveCampus', params: { value: 'Old Chapel' }, text: 'The campus "Old Chapel" is inactive' },
    })
  })

  it('gives a new member the campus the row names', () => {
    expect(decide(person({ Sede: 'Iglesia Sur' }))).toEqual({
      line: 2,
      status: 'new',
      fields: {
        email: 'luis@grace.example',
        firstName: 'Luis',
        lastName: 'Gómez',
        department: 'Youth',
        campusId: 'sur',
      },
    })
  })

  it('refuses an unknown or inactive campus with its name, for new and current members alike', () => {
    expect(decide(person({ Sede: 'Downtown' }))).toMatchObject({
      status: 'refused',
      reason: { key: 'unknownCampus', text: 'Unknown campus: "Downtown"' },
    })
    expect(decide({ Email: 'ana@grace.example', Sede: 'Old Chapel' })).toMatchObject({
      status: 'refused',
      reason: { key: 'inactiveCampus' },
    })
  })

  it('refuses a new member without a campus once the church has several, and gives the only active one', () => {
    expect(decide(person())).toMatchObject({
      status: 'refused',
      reason: {
        key: 'missingCampus',
        text: 'No campus: this church has campuses, so each new member needs one',
      },
    })
    expect(decide(person({ Sede: '  ' }))).toMatchObject({ status: 'refused', reason: { key: 'missingCampus' } })
    expect(decide(person(), { campuses: [north, old] })).toMatchObject({
      status: 'new',
      fields: { campusId: 'north' },
    })
  })

  it('leaves a current member’s campus alone when the row names none, and moves them when it names another', () => {
    const anaNorth = { ...ana, campusId: 'north' }
    const members = new Map([[ana.email!, anaNorth]])
    expect(decide({ Email: 'ana@grace.example' }, { membersByEmail: members })).toEqual({
      line: 2,
      status: 'unchanged',
      memberId: 'u-ana',
    })
    expect(decide({ Email: 'ana@grace.example', Sede: 'north campus' }, { membersByEmail: members })).toEqual({
      line: 2,
      status: 'unchanged',
      memberId: 'u-ana',
    })
    expect(decide({ Email: 'ana@grace.example', Sede: 'Iglesia Sur' }, { membersByEmail: members })).toMatchObject({
      status: 'updated',
      changes: { campusId: 'sur' },
    })
  })

  it('is not read by a church without campuses (it works as before)', () => {
    expect(decide(person({ Sede: 'Anywhere' }), { campuses: [] })).toEqual({
      line: 2,
      status: 'new',
      fields: { email: 'luis@grace.example', firstName: 'Luis', lastName: 'Gómez', department: 'Youth' },
    })
    expect(decide(person({ Sede: 'Anywhere' }), { campuses: undefined })).toMatchObject({ status: 'new' })
  })

  it('has a default campus only when exactly one is active', () => {
    expect(defaultCampus([])).toBeUndefined()
    expect(defaultCampus([north])).toBe('north')
    expect(defaultCampus([north, old])).toBe('north')
    expect(defaultCampus([north, sur])).toBeNull()
    expect(defaultCampus([old])).toBeNull()
  })
})

describe('a full name column', () => {
  const byName: ImportMapping = { Name: 'fullName', Email: 'email', Dept: 'department' }
  const decide = (name: string, over: Partial<ImportContext> = {}) =>
    decideRows([row(2, { Name: name, Email: 'luis@grace.example', Dept: 'Youth' })], byName, context(over))
      .decisions[0]!

  it.each([
    ['Name', 'fullName'],
    ['Full Name', 'fullName'],
    ['FULL_NAME', 'fullName'],
    ['Display name', 'fullName'],
    ['Nombre completo', 'fullName'],
    ['Nombre y apellidos', 'fullName'],
    // A lone "Nombre" is a first name, as before.
    ['Nombre', 'firstName'],
  ])('guesses the title %j as %s', (title, field) => {
    expect(guessMapping([title, 'Email'])).toEqual({ [title]: field, Email: 'email' })
  })

  it('is guessed only when no column gives the first or the last name, in any column order', () => {
    expect(guessMapping(['Name', 'First Name', 'Last Name', 'Email'])).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
    })
    expect(guessMapping(['Apellido', 'Nombre completo'])).toEqual({ Apellido: 'lastName' })
    // A remembered full name gives way to the file's own first and last name columns, and the reverse.
    expect(guessMapping(['Name', 'First Name'], { Name: 'fullName' })).toEqual({ 'First Name': 'firstName' })
    expect(guessMapping(['Name', 'Email'], { Name: 'fullName' })).toEqual({ Name: 'fullName', Email: 'email' })
  })

  it('finds a mapping that fills the name two ways', () => {
    expect(conflictingField({ A: 'fullName', B: 'firstName' })).toBe('fullName')
    expect(conflictingField({ A: 'lastName', B: 'fullName' })).toBe('lastName')
    expect(conflictingField({ A: 'firstName', B: 'lastName', C: 'email' })).toBeUndefined()
    expect(conflictingField({ A: 'fullName', B: 'email' })).toBeUndefined()
  })

  /** Full names as people type them, each with the first and the last name it splits into. */
  const fullNames: [string, string, string][] = [
    ['Luis Gómez', 'Luis', 'Gómez'],
    ['  Luis   Gómez  ', 'Luis', 'Gómez'],
    ['Mary Ann de la Cruz', 'Mary Ann de la', 'Cruz'],
    ['Gómez, Luis', 'Luis', 'Gómez'],
    [' de la Cruz ,  Mary Ann ', 'Mary Ann', 'de la Cruz'],
    ['Okafor, Daniel, Jr.', 'Daniel, Jr.', 'Okafor'],
    ['Luis\tGómez', 'Luis', 'Gómez'],
  ]
  it.each(fullNames)('splits %j into first name %j and last name %j', (value, firstName, lastName) => {
    expect(splitFullName(value)).toEqual({ firstName, lastName })
  })

  it.each(['Luis', '  Cher  ', 'Gómez,', ', Luis', ' , ', ''])('gives no split of %j', (value) => {
    expect(splitFullName(value)).toBeNull()
  })

  const word = fc.stringMatching(/^[^\s,]{1,12}$/)
  const words = fc.array(word, { minLength: 1, maxLength: 4 })
  const space = fc.stringMatching(/^[ \t]{0,3}$/)

  it('gives back the words it was given: "First Last" and "Last, First" alike, whatever the spaces around', () => {
    fc.assert(
      fc.property(words, word, words, space, space, (first, last, lastWords, before, after) => {
        const firstName = first.join(' ')
        expect(splitFullName(`${before}${firstName} ${last}${after}`)).toEqual({ firstName, lastName: last })
        const lastName = lastWords.join(' ')
        expect(splitFullName(`${before}${lastName} ,${after}${firstName}${after}`)).toEqual({ firstName, lastName })
      }),
    )
  })

  it('never gives an empty or untrimmed half, and never splits one word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        const name = splitFullName(value)
        if (name === null) return
        for (const half of [name.firstName, name.lastName]) {
          expect(half).not.toBe('')
          expect(half).toBe(half.trim())
        }
      }),
    )
    fc.assert(
      fc.property(word, space, space, (w, a, b) => {
        expect(splitFullName(`${a}${w}${b}`)).toBeNull()
      }),
    )
  })

  it('makes a new member with the split names', () => {
    expect(decide(' Gómez,  Luis ')).toEqual({
      line: 2,
      status: 'new',
      fields: { email: 'luis@grace.example', firstName: 'Luis', lastName: 'Gómez', department: 'Youth' },
    })
    expect(decide('María José Hernández')).toMatchObject({
      status: 'new',
      fields: { firstName: 'María José', lastName: 'Hernández' },
    })
  })

  it('refuses one word with a reason that asks for a last name, and reads a blank cell as no name', () => {
    expect(decide('Luis')).toEqual({
      line: 2,
      status: 'refused',
      reason: {
        key: 'incompleteName',
        params: { value: 'Luis' },
        text: 'Name "Luis" needs a first and a last name: write it as "First Last" or "Last, First"',
      },
    })
    expect(decide('  ')).toMatchObject({ status: 'refused', reason: { key: 'missingFirstName' } })
  })

  it('compares the split names with a current member’s, and checks their length', () => {
    const at = (name: string) => decideRows([row(2, { Name: name, Email: 'ana@grace.example' })], byName, context())
    expect(at('Ruiz, Ana').decisions[0]).toEqual({ line: 2, status: 'unchanged', memberId: 'u-ana' })
    expect(at('Ana Ruiz-Paz').decisions[0]).toMatchObject({ status: 'updated', changes: { lastName: 'Ruiz-Paz' } })
    expect(at(`Ana ${'y'.repeat(101)}`).decisions[0]).toMatchObject({
      status: 'refused',
      reason: { text: 'Last name is longer than 100 characters' },
    })
  })
})
