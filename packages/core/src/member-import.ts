import * as z from 'zod'
import type { Campus } from './campus.ts'
import { approverReachCheck, approverReaches } from './campus-scope.ts'
import { NewMember, Phone } from './member.ts'
import { PayType } from './pay-types.ts'
import { PayrollId } from './payroll.ts'
import { Role } from './roles.ts'
import { TEXT_LIMITS } from './text.ts'

/**
 * Members from someone else's list (a file, or a directory kept in step): one person's fields are
 * read, checked and compared with the member they match here, and each row is said to be new,
 * unchanged, updated or refused with its reason. Nothing here writes: the data layer applies an
 * accepted row in its own transaction.
 */

/**
 * Our fields a column can fill, and the column titles (English and Spanish, compared without case,
 * accents or punctuation) that fill them at the first guess. One line per field.
 */
export const IMPORT_FIELDS = {
  firstName: ['first name', 'firstname', 'given name', 'first', 'nombre', 'nombres', 'primer nombre'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last', 'apellido', 'apellidos'],
  // One column holding the whole name, split by `splitFullName`; guessed only without first or last name columns.
  fullName: [
    'full name',
    'fullname',
    'name',
    'display name',
    'person name',
    'member name',
    'nombre completo',
    'nombre y apellido',
    'nombre y apellidos',
    'nombres y apellidos',
  ],
  email: [
    'email',
    'e-mail',
    'email address',
    'home email',
    'work email',
    'primary email',
    'correo',
    'correo electronico',
    'email principal',
  ],
  department: ['department', 'ministry', 'team', 'departamento', 'ministerio', 'equipo', 'area'],
  role: ['role', 'member role', 'rol', 'funcion'],
  payType: ['pay type', 'tipo de pago', 'tipo de salario'],
  approverEmail: [
    'approver',
    'approver email',
    'supervisor email',
    'aprobador',
    'correo del aprobador',
    'correo del supervisor',
  ],
  payrollId: ['payroll id', 'employee id', 'employee number', 'id de nomina', 'numero de empleado'],
  phone: [
    'phone',
    'mobile',
    'mobile phone',
    'mobile phone number',
    'cell phone',
    'home phone',
    'home phone number',
    'telefono',
    'celular',
    'telefono movil',
  ],
  campus: ['campus', 'campus name', 'primary campus', 'site', 'sede', 'campus principal', 'nombre del campus'],
} as const satisfies Record<string, readonly string[]>

export type ImportField = keyof typeof IMPORT_FIELDS
export const ImportField = z.enum(Object.keys(IMPORT_FIELDS) as [ImportField, ...ImportField[]], {
  error: `A column maps to one of: ${Object.keys(IMPORT_FIELDS).join(', ')}`,
})

/** A file's column titles, each mapped to one of our fields. */
export const ImportMapping = z.record(z.string().max(200), ImportField)
export type ImportMapping = z.infer<typeof ImportMapping>

/** A title compared as a person reads it: no case, accents, punctuation or repeated spaces. */
export const normalizeTitle = (title: string) =>
  title
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const titleIndex = new Map<string, ImportField>(
  (Object.entries(IMPORT_FIELDS) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [normalizeTitle(n), field] as const),
  ),
)

/**
 * Fields that fill the same thing two ways, so no mapping has both: a full name and the first or
 * last name (which half would win for a row that gives both is not ours to guess).
 */
export const fieldsConflict = (a: ImportField, b: ImportField) =>
  (a === 'fullName' && (b === 'firstName' || b === 'lastName')) ||
  (b === 'fullName' && (a === 'firstName' || a === 'lastName'))

/** The field a mapping has that conflicts with another of its fields, if any. */
export const conflictingField = (mapping: ImportMapping): ImportField | undefined => {
  const fields = Object.values(mapping)
  return fields.find((a) => fields.some((b) => fieldsConflict(a, b)))
}

/**
 * The first guess of a file's mapping: a remembered mapping's columns that the file has, then each
 * column whose title we recognise, each of our fields taken by the first column that names it. A
 * file's first and last name columns win over a full name column: they need no splitting.
 */
export const guessMapping = (columns: readonly string[], remembered: ImportMapping = {}): ImportMapping => {
  const mapping: ImportMapping = {}
  const taken = new Set<ImportField>()
  for (const column of columns) {
    const field = remembered[column]
    if (field && !taken.has(field)) {
      mapping[column] = field
      taken.add(field)
    }
  }
  for (const column of columns) {
    const field = titleIndex.get(normalizeTitle(column))
    if (field && !(column in mapping) && !taken.has(field)) {
      mapping[column] = field
      taken.add(field)
    }
  }
  if (!taken.has('firstName') && !taken.has('lastName')) return mapping
  return Object.fromEntries(Object.entries(mapping).filter(([, field]) => field !== 'fullName'))
}

/**
 * A full name split into first and last name. "Last, First" when it has a comma (split at the
 * first comma); otherwise the last word is the last name and the words before it the first name.
 * Spaces are trimmed and runs of them made one. One word, or a comma with nothing on a side,
 * gives no split: a member needs both names, and which one a lone word is we cannot tell.
 */
export const splitFullName = (value: string): { firstName: string; lastName: string } | null => {
  const name = value.trim().replace(/\s+/g, ' ')
  const comma = name.indexOf(',')
  if (comma >= 0) {
    const lastName = name.slice(0, comma).trim()
    const firstName = name.slice(comma + 1).trim()
    return firstName && lastName ? { firstName, lastName } : null
  }
  const space = name.lastIndexOf(' ')
  if (space < 0) return null
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) }
}

/** Why a row is refused, in English with its parameters; the web shows each key in the reader's language. */
export const IMPORT_REASONS = {
  badEmail: 'Bad email: "{{value}}"',
  missingEmail: 'No email',
  missingFirstName: 'No first name',
  missingLastName: 'No last name',
  incompleteName: 'Name "{{value}}" needs a first and a last name: write it as "First Last" or "Last, First"',
  missingDepartment: 'No department',
  tooLong: '{{field}} is longer than {{max}} characters',
  unknownRole: 'Unknown role: "{{value}}"',
  unknownPayType: 'Unknown pay type: "{{value}}"',
  unknownApprover: 'Unknown approver: "{{value}}" is not a supervisor here',
  ownApprover: 'A member cannot approve their own timesheets',
  approverReach: "The approver does not reach this member's campus",
  ownRole: 'You cannot change your own role',
  badPayrollId: 'Bad payroll id: "{{value}}"',
  badPhone: 'Bad phone number: "{{value}}"',
  overLimit: 'Over the plan’s member limit ({{limit}} members)',
  duplicate: 'Duplicate in the file: same email as line {{line}}',
  notApplied: 'Not applied: {{message}}',
  unknownCampus: 'Unknown campus: "{{value}}"',
  inactiveCampus: 'The campus "{{value}}" is inactive',
  missingCampus: 'No campus: this church has campuses, so each new member needs one',
  linkedElsewhere: '{{value}} belongs to a member linked to another Planning Center person',
  sharedEmail: '{{name}} has the same email ({{value}})',
  emailTaken: 'Another member here has the email {{value}}',
  supervisorKept:
    'Left the Planning Center lists, but supervisors are not deactivated from outside: remove them by hand if they left',
} as const
export const ImportReasonKey = z.enum(
  Object.keys(IMPORT_REASONS) as [keyof typeof IMPORT_REASONS, ...(keyof typeof IMPORT_REASONS)[]],
)
export type ImportReasonKey = z.infer<typeof ImportReasonKey>

export interface ImportReason {
  key: ImportReasonKey
  params: Record<string, string | number>
  /** The English words (the reason's template filled in). */
  text: string
}

export const importReason = (key: ImportReasonKey, params: Record<string, string | number> = {}): ImportReason => ({
  key,
  params,
  text: IMPORT_REASONS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')),
})

/** One row of the file: its line number (the title row is line 1) and its cells by column title. */
export interface ImportRow {
  line: number
  cells: Record<string, string>
}

/** A member here as the import compares them. */
export interface ImportedMemberView {
  id: string
  email: string | null
  firstName: string
  lastName: string
  department: string | null
  role: Role
  payType: PayType
  payrollId: string | null
  supervisorId: string | null
  phone?: string | null
  campusId?: string | null
}

/** The fields a row sets on a member (only those its file gives). */
export interface ImportedFields {
  email: string
  firstName?: string
  lastName?: string
  department?: string
  role?: Role
  payType?: PayType
  payrollId?: string | null
  supervisorId?: string
  phone?: string
  campusId?: string
}

export type ImportDecision =
  | {
      line: number
      status: 'new'
      fields: ImportedFields & { firstName: string; lastName: string; department: string }
    }
  | { line: number; status: 'updated'; memberId: string; changes: Partial<ImportedFields>; fields: ImportedFields }
  | { line: number; status: 'unchanged'; memberId: string }
  | { line: number; status: 'refused'; reason: ImportReason }

/** A supervisor a row may name as approver: their id and campuses (none: the whole church). */
export interface ImportApprover {
  id: string
  campusIds?: readonly string[] | undefined
}

export interface ImportContext {
  /** Current members by email (lower case). */
  membersByEmail: ReadonlyMap<string, ImportedMemberView>
  /** Current supervisors by email (lower case). */
  supervisorsByEmail: ReadonlyMap<string, ImportApprover>
  /**
   * Current supervisors by id: the approver a member keeps when a row moves them to another
   * campus must reach it, as the approver a row names must.
   */
  approversById: ReadonlyMap<string, ImportApprover>
  /** How many more members the plan allows; null for no limit. */
  slots: number | null
  /** The plan's member limit, named in the reason of a row over it. */
  limit: number | null
  /** The organization's campuses (none: a campus column is ignored, as a church without campuses works as before). */
  campuses?: readonly Campus[]
  /**
   * The supervisor running the import, whose own role no row may change (as no edit may): an
   * import that demoted them could leave the church with no supervisor. None for a sync.
   */
  importerId?: string
}

const ROLE_WORDS: Record<string, Role> = {
  employee: 'employee',
  staff: 'employee',
  'staff member': 'employee',
  empleado: 'employee',
  empleada: 'employee',
  personal: 'employee',
  supervisor: 'supervisor',
  supervisora: 'supervisor',
  volunteer: 'volunteer',
  voluntario: 'volunteer',
  voluntaria: 'volunteer',
}

const PAY_TYPE_WORDS: Record<string, PayType> = {
  'non exempt': 'non-exempt',
  nonexempt: 'non-exempt',
  hourly: 'non-exempt',
  'no exento': 'non-exempt',
  'por hora': 'non-exempt',
  exempt: 'exempt',
  salaried: 'exempt',
  exento: 'exempt',
  asalariado: 'exempt',
  minister: 'minister',
  ministro: 'minister',
  pastor: 'minister',
}

/** `field` in English words; `fieldKey` lets a reader's language name it. */
const tooLong = (fieldKey: ImportField, field: string, max: number) => importReason('tooLong', { field, fieldKey, max })

/**
 * The campus a row names, by name (case, accents and punctuation ignored), among the organization's
 * campuses; why not when it names none of them or an inactive one.
 */
export const campusByName = (
  campuses: readonly Campus[],
  name: string,
): { campusId: string } | { reason: ImportReason } => {
  const wanted = normalizeTitle(name)
  const campus = campuses.find((c) => normalizeTitle(c.name) === wanted)
  if (!campus) return { reason: importReason('unknownCampus', { value: name }) }
  if (!campus.active) return { reason: importReason('inactiveCampus', { value: campus.name }) }
  return { campusId: campus.id }
}

/** A row's fields read through the mapping and checked, or why it is refused (the first problem found). */
export const readRow = (
  row: ImportRow,
  mapping: ImportMapping,
  supervisorsByEmail: ReadonlyMap<string, ImportApprover>,
  campuses: readonly Campus[] = [],
): { fields: ImportedFields; approver?: ImportApprover } | { reason: ImportReason } => {
  const raw: Partial<Record<ImportField, string>> = {}
  for (const [column, field] of Object.entries(mapping)) {
    const value = (row.cells[column] ?? '').trim()
    if (value && raw[field] === undefined) raw[field] = value
  }
  if (!raw.email) return { reason: importReason('missingEmail') }
  const email = NewMember.shape.email.safeParse(raw.email)
  if (!email.success) return { reason: importReason('badEmail', { value: raw.email }) }
  if (raw.fullName !== undefined) {
    const name = splitFullName(raw.fullName)
    if (!name) return { reason: importReason('incompleteName', { value: raw.fullName }) }
    // The route refuses a mapping with both (`fieldsConflict`); should a caller map both, the first
    // and last name columns win, as they do in the guess.
    raw.firstName ??= name.firstName
    raw.lastName ??= name.lastName
  }
  const fields: ImportedFields = { email: email.data }
  const texts = [
    ['firstName', 'First name', TEXT_LIMITS.firstName],
    ['lastName', 'Last name', TEXT_LIMITS.lastName],
    ['department', 'Department', TEXT_LIMITS.department],
  ] as const
  for (const [field, label, max] of texts) {
    const value = raw[field]
    if (value === undefined) continue
    if (value.length > max) return { reason: tooLong(field, label, max) }
    fields[field] = value
  }
  if (raw.role !== undefined) {
    const role = ROLE_WORDS[normalizeTitle(raw.role)]
    if (!role) return { reason: importReason('unknownRole', { value: raw.role }) }
    fields.role = role
  }
  if (raw.payType !== undefined) {
    const payType = PAY_TYPE_WORDS[normalizeTitle(raw.payType)]
    if (!payType) return { reason: importReason('unknownPayType', { value: raw.payType }) }
    fields.payType = payType
  }
  const approver = raw.approverEmail === undefined ? undefined : supervisorsByEmail.get(raw.approverEmail.toLowerCase())
  if (raw.approverEmail !== undefined) {
    if (!approver) return { reason: importReason('unknownApprover', { value: raw.approverEmail }) }
    fields.supervisorId = approver.id
  }
  if (raw.payrollId !== undefined) {
    const payrollId = PayrollId.safeParse(raw.payrollId)
    if (!payrollId.success) return { reason: importReason('badPayrollId', { value: raw.payrollId }) }
    fields.payrollId = payrollId.data
  }
  if (raw.phone !== undefined) {
    const phone = Phone.safeParse(raw.phone)
    if (!phone.success) return { reason: importReason('badPhone', { value: raw.phone }) }
    fields.phone = phone.data
  }
  // A church without campuses works as before: the column is not read.
  if (raw.campus !== undefined && campuses.length) {
    const campus = campusByName(campuses, raw.campus)
    if ('reason' in campus) return campus
    fields.campusId = campus.campusId
  }
  return approver ? { fields, approver } : { fields }
}

/** The fields of `fields` that differ from the member's (the email matched, so it never does). */
export const changedFields = (member: ImportedMemberView, fields: ImportedFields): Partial<ImportedFields> => {
  const changes: Partial<ImportedFields> = {}
  const compared = [
    'firstName',
    'lastName',
    'department',
    'role',
    'payType',
    'payrollId',
    'supervisorId',
    'phone',
    'campusId',
  ] as const
  for (const key of compared) {
    const value = fields[key]
    if (value !== undefined && value !== (member[key] ?? null)) Object.assign(changes, { [key]: value })
  }
  return changes
}

/**
 * A new member's campus when the row names none: nothing to choose without campuses, the one active
 * campus when there is only one, else none (the row is refused: which campus is not ours to guess).
 */
export const defaultCampus = (campuses: readonly Campus[]): string | null | undefined => {
  const active = campuses.filter((c) => c.active)
  if (!campuses.length) return undefined
  return active.length === 1 ? active[0]!.id : null
}

/**
 * One person's row against the members here: refused (with its reason), new, unchanged or updated.
 * `slots` is how many more members may still be added (null: no limit). A member already here
 * keeps their campus when the row names none.
 */
export const decideRow = (
  line: number,
  read: ReturnType<typeof readRow>,
  context: Pick<ImportContext, 'membersByEmail' | 'approversById' | 'slots' | 'limit' | 'campuses' | 'importerId'>,
): ImportDecision => {
  if ('reason' in read) return { line, status: 'refused', reason: read.reason }
  const { fields, approver } = read
  // The approver (named by the row, or kept by a member it moves) must open the member's weeks,
  // as an edit requires: core's one rule, `approverReachCheck`.
  const unreached = (campusId: string | null | undefined, before?: ImportedMemberView) => {
    const check = approverReachCheck({ supervisorId: fields.supervisorId, campusId }, before)
    if (!check) return false
    // The row's approver was found by email; the one a member keeps is found among the supervisors by id.
    const found = check.approverId === approver?.id ? approver : context.approversById.get(check.approverId)
    return !approverReaches(found, check.campusId)
  }
  const member = context.membersByEmail.get(fields.email)
  if (member) {
    if (fields.supervisorId === member.id) return { line, status: 'refused', reason: importReason('ownApprover') }
    const changes = changedFields(member, fields)
    if (member.id === context.importerId && changes.role !== undefined)
      return { line, status: 'refused', reason: importReason('ownRole') }
    if (unreached(fields.campusId, member)) return { line, status: 'refused', reason: importReason('approverReach') }
    return Object.keys(changes).length
      ? { line, status: 'updated', memberId: member.id, changes, fields }
      : { line, status: 'unchanged', memberId: member.id }
  }
  if (!fields.firstName) return { line, status: 'refused', reason: importReason('missingFirstName') }
  if (!fields.lastName) return { line, status: 'refused', reason: importReason('missingLastName') }
  if (!fields.department) return { line, status: 'refused', reason: importReason('missingDepartment') }
  const campusId = fields.campusId ?? defaultCampus(context.campuses ?? [])
  if (campusId === null) return { line, status: 'refused', reason: importReason('missingCampus') }
  if (unreached(campusId)) return { line, status: 'refused', reason: importReason('approverReach') }
  if (context.slots !== null && context.slots <= 0)
    return { line, status: 'refused', reason: importReason('overLimit', { limit: context.limit ?? 0 }) }
  return {
    line,
    status: 'new',
    fields: {
      ...fields,
      firstName: fields.firstName,
      lastName: fields.lastName,
      department: fields.department,
      ...(campusId ? { campusId } : {}),
    },
  }
}

export const ImportCounts = z.object({
  new: z.number().int(),
  unchanged: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
})
export type ImportCounts = z.infer<typeof ImportCounts>
export const emptyCounts = (): ImportCounts => ({ new: 0, unchanged: 0, updated: 0, refused: 0 })

/**
 * Every row of a file, in order: a later row with an email already seen in the file is refused
 * as a duplicate, and new members past the plan's limit are refused.
 */
export const decideRows = (rows: readonly ImportRow[], mapping: ImportMapping, context: ImportContext) => {
  const seen = new Map<string, number>()
  let slots = context.slots
  const decisions: ImportDecision[] = []
  const counts = emptyCounts()
  for (const row of rows) {
    const read = readRow(row, mapping, context.supervisorsByEmail, context.campuses)
    const first = 'fields' in read ? seen.get(read.fields.email) : undefined
    const decision: ImportDecision =
      first !== undefined
        ? { line: row.line, status: 'refused', reason: importReason('duplicate', { line: first }) }
        : decideRow(row.line, read, { ...context, slots })
    if ('fields' in read && first === undefined) seen.set(read.fields.email, row.line)
    if (decision.status === 'new' && slots !== null) slots--
    counts[decision.status]++
    decisions.push(decision)
  }
  return { decisions, counts }
}
