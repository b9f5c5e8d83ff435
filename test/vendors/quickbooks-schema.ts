import * as z from 'zod'

/**
 * Intuit's QuickBooks Online Accounting API (v3) entities our code sends and reads, written down
 * from Intuit's reference pages:
 *   TimeActivity: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/timeactivity
 *   Employee:     https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/employee
 *   Class:        https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/class
 *   Errors:       https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes
 * Strict objects: a field Intuit does not define fails the check, so a typo in our requests does.
 */
const ReferenceType = z.strictObject({ value: z.string().min(1), name: z.string().optional() })
const QboDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const BillableStatus = z.enum(['Billable', 'NotBillable', 'HasBeenBilled'])
/** The references of a TimeActivity that we send and that Intuit answers with. */
const timeActivityRefs = {
  EmployeeRef: ReferenceType.optional(),
  CustomerRef: ReferenceType.optional(),
  ClassRef: ReferenceType.optional(),
  PayrollItemRef: ReferenceType.optional(),
}

/** A TimeActivity as created (no Id) or updated (Id + SyncToken, `sparse` to change only what is sent). */
export const TimeActivityRequest = z
  .strictObject({
    Id: z.string().optional(),
    SyncToken: z.string().optional(),
    sparse: z.boolean().optional(),
    TxnDate: QboDate.optional(),
    NameOf: z.enum(['Employee', 'Vendor']),
    ...timeActivityRefs,
    VendorRef: ReferenceType.optional(),
    ItemRef: ReferenceType.optional(),
    DepartmentRef: ReferenceType.optional(),
    ProjectRef: ReferenceType.optional(),
    BillableStatus: BillableStatus.optional(),
    Taxable: z.boolean().optional(),
    HourlyRate: z.number().nonnegative().optional(),
    CostRate: z.number().nonnegative().optional(),
    // Hours and Minutes are whole numbers; StartTime/EndTime are the other way to give a duration.
    Hours: z.number().int().nonnegative().optional(),
    Minutes: z.number().int().min(0).max(59).optional(),
    BreakHours: z.number().int().nonnegative().optional(),
    BreakMinutes: z.number().int().min(0).max(59).optional(),
    StartTime: z.string().optional(),
    EndTime: z.string().optional(),
    Description: z.string().max(4000).optional(),
    TimeZone: z.string().optional(),
  })
  .refine((t) => (t.NameOf === 'Employee' ? t.EmployeeRef !== undefined : t.VendorRef !== undefined), {
    error: 'NameOf names the reference that must be given (EmployeeRef or VendorRef)',
  })
  .refine((t) => (t.Id === undefined) === (t.SyncToken === undefined), {
    error: 'An update gives Id and SyncToken together; a create gives neither',
  })
  .refine(
    (t) =>
      t.sparse === true ||
      t.Id !== undefined ||
      (t.Hours !== undefined && t.Minutes !== undefined) ||
      (t.StartTime !== undefined && t.EndTime !== undefined),
    { error: 'A duration is Hours and Minutes, or StartTime and EndTime' },
  )
export type TimeActivityRequest = z.infer<typeof TimeActivityRequest>

/**
 * An entity as Intuit answers it: its own fields between the Id and SyncToken every entity has and
 * the envelope of every answer (`domain`, `sparse`, `MetaData`).
 */
const answeredEntity = <F extends z.ZodRawShape>(fields: F) =>
  z.object({
    Id: z.string(),
    SyncToken: z.string(),
    ...fields,
    domain: z.literal('QBO'),
    sparse: z.boolean(),
    MetaData: z.object({ CreateTime: z.string(), LastUpdatedTime: z.string() }),
  })

/** A TimeActivity as Intuit answers it. */
export const TimeActivity = answeredEntity({
  TxnDate: QboDate,
  NameOf: z.enum(['Employee', 'Vendor']),
  ...timeActivityRefs,
  BillableStatus: BillableStatus.optional(),
  Hours: z.number().int(),
  Minutes: z.number().int(),
  BreakHours: z.number().int().optional(),
  BreakMinutes: z.number().int().optional(),
  Description: z.string().optional(),
})
export type TimeActivity = z.infer<typeof TimeActivity>

export const Employee = answeredEntity({
  GivenName: z.string().optional(),
  FamilyName: z.string().optional(),
  DisplayName: z.string(),
  PrimaryEmailAddr: z.object({ Address: z.string() }).optional(),
  EmployeeNumber: z.string().optional(),
  Active: z.boolean(),
})
export type Employee = z.infer<typeof Employee>

export const Class = answeredEntity({
  Name: z.string(),
  FullyQualifiedName: z.string(),
  SubClass: z.boolean(),
  ParentRef: ReferenceType.optional(),
  Active: z.boolean(),
})
export type Class = z.infer<typeof Class>

/** What the query endpoint answers: `select * from Employee` → { QueryResponse: { Employee: [...] } }. */
export const QueryResponse = z.object({ QueryResponse: z.record(z.string(), z.unknown()), time: z.string() })

/** A request-level fault (400 ValidationFault, 500 SystemFault): `Fault.Error[]` with Message, Detail, code. */
export const Fault = z.object({
  Fault: z.object({
    Error: z.array(
      z.object({ Message: z.string(), Detail: z.string(), code: z.string(), element: z.string().optional() }),
    ),
    type: z.string(),
  }),
  time: z.string(),
})

/** 401 from the API gateway (expired or revoked access token): lower-case `fault.error[]`. */
export const AuthenticationFault = z.object({
  fault: z.object({
    error: z.array(z.object({ message: z.string(), detail: z.string(), code: z.string() })),
    type: z.literal('AUTHENTICATION'),
  }),
})

/**
 * Intuit's Payroll and Time GraphQL API, as far as we call it: the employer's pay types, from the
 * page "Read Employer Compensation" (developer.intuit.com → QuickBooks Online → Payroll API →
 * Compensation): POST https://qb.api.intuit.com/graphql with `{ "query": "..." }`, selecting
 * `payrollEmployerInfo.employerCompensations.edges.node { id alternateIds { id } name type { key value description } }`.
 * A field the page does not document fails the check (null marks a scalar, which takes no selection).
 */
type Selection = { [field: string]: Selection | null }
const EMPLOYER_COMPENSATIONS: Selection = {
  payrollEmployerInfo: {
    employerCompensations: {
      edges: {
        node: {
          id: null,
          alternateIds: { id: null },
          name: null,
          type: { key: null, value: null, description: null },
        },
      },
    },
  },
}

/**
 * A query document read as its selections: `query Name { a { b c } }`. Only what our query needs
 * is accepted (one named or anonymous query of plain fields): arguments, aliases, fragments,
 * variables and directives are refused, so nothing undocumented slips through them.
 */
export const selectionsOf = (query: string): Selection => {
  const tokens = query.match(/[{}]|[A-Za-z_][A-Za-z0-9_]*|\S/g) ?? []
  let at = 0
  const fail = (why: string): never => {
    throw new Error(`${why} at token ${at} (${tokens[at] ?? 'end'})`)
  }
  const name = () => (/^[A-Za-z_]/.test(tokens[at] ?? '') ? tokens[at++]! : fail('a field name expected'))
  const block = (): Selection => {
    if (tokens[at++] !== '{') fail('"{" expected')
    const fields: Selection = {}
    while (tokens[at] !== '}') {
      if (at >= tokens.length) fail('"}" expected')
      const field = name()
      if (field in fields) fail(`${field} selected twice`)
      fields[field] = tokens[at] === '{' ? block() : null
    }
    at++
    if (Object.keys(fields).length === 0) fail('an empty selection')
    return fields
  }
  if (tokens[at] === 'query') {
    at++
    if (tokens[at] !== '{') name()
  }
  const document = block()
  if (at !== tokens.length) fail('one operation expected')
  return document
}

/** The problems of a selection against the documented one (empty: every field is documented and shaped as documented). */
export const undocumentedFields = (given: Selection, documented: Selection, path = ''): string[] =>
  Object.entries(given).flatMap(([field, sub]) => {
    const where = path ? `${path}.${field}` : field
    if (!(field in documented)) return [`${where} is not a documented field`]
    const known = documented[field]!
    if (known === null) return sub === null ? [] : [`${where} is a scalar and takes no selection`]
    if (sub === null) return [`${where} is an object and needs a selection`]
    return undocumentedFields(sub, known, where)
  })

/** A request to the GraphQL endpoint reading the employer's pay types. */
export const EmployerCompensationsRequest = z
  .strictObject({
    query: z.string().min(1),
    operationName: z.string().optional(),
    variables: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((body, ctx) => {
    let selections: Selection
    try {
      selections = selectionsOf(body.query)
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `Not a query we can check: ${(e as Error).message}` })
      return
    }
    for (const problem of undocumentedFields(selections, EMPLOYER_COMPENSATIONS))
      ctx.addIssue({ code: 'custom', message: problem })
  })

const PayTypeNode = z.strictObject({
  id: z.string(),
  alternateIds: z.array(z.strictObject({ id: z.string() })).optional(),
  name: z.string(),
  type: z.strictObject({ key: z.string(), value: z.string(), description: z.string() }).optional(),
})

/** Its answer: `data.payrollEmployerInfo.employerCompensations.edges[].node`. */
export const EmployerCompensationsAnswer = z.object({
  data: z.object({
    payrollEmployerInfo: z.object({
      employerCompensations: z.object({ edges: z.array(z.object({ node: PayTypeNode })) }),
    }),
  }),
})

/** GraphQL's errors (often with HTTP 200): a company without QuickBooks Payroll, a token without the scope. */
export const GraphqlErrors = z.object({
  errors: z.array(z.object({ message: z.string(), extensions: z.record(z.string(), z.unknown()).optional() })).min(1),
})
