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

/** A TimeActivity as created (no Id) or updated (Id + SyncToken, `sparse` to change only what is sent). */
export const TimeActivityRequest = z
  .strictObject({
    Id: z.string().optional(),
    SyncToken: z.string().optional(),
    sparse: z.boolean().optional(),
    TxnDate: QboDate.optional(),
    NameOf: z.enum(['Employee', 'Vendor']),
    EmployeeRef: ReferenceType.optional(),
    VendorRef: ReferenceType.optional(),
    CustomerRef: ReferenceType.optional(),
    ItemRef: ReferenceType.optional(),
    ClassRef: ReferenceType.optional(),
    DepartmentRef: ReferenceType.optional(),
    PayrollItemRef: ReferenceType.optional(),
    ProjectRef: ReferenceType.optional(),
    BillableStatus: z.enum(['Billable', 'NotBillable', 'HasBeenBilled']).optional(),
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

const MetaData = z.object({ CreateTime: z.string(), LastUpdatedTime: z.string() })

/** A TimeActivity as Intuit answers it. */
export const TimeActivity = z.object({
  Id: z.string(),
  SyncToken: z.string(),
  TxnDate: QboDate,
  NameOf: z.enum(['Employee', 'Vendor']),
  EmployeeRef: ReferenceType.optional(),
  ClassRef: ReferenceType.optional(),
  CustomerRef: ReferenceType.optional(),
  PayrollItemRef: ReferenceType.optional(),
  BillableStatus: z.enum(['Billable', 'NotBillable', 'HasBeenBilled']).optional(),
  Hours: z.number().int(),
  Minutes: z.number().int(),
  BreakHours: z.number().int().optional(),
  BreakMinutes: z.number().int().optional(),
  Description: z.string().optional(),
  domain: z.literal('QBO'),
  sparse: z.boolean(),
  MetaData,
})
export type TimeActivity = z.infer<typeof TimeActivity>

export const Employee = z.object({
  Id: z.string(),
  SyncToken: z.string(),
  GivenName: z.string().optional(),
  FamilyName: z.string().optional(),
  DisplayName: z.string(),
  PrimaryEmailAddr: z.object({ Address: z.string() }).optional(),
  EmployeeNumber: z.string().optional(),
  Active: z.boolean(),
  domain: z.literal('QBO'),
  sparse: z.boolean(),
  MetaData,
})
export type Employee = z.infer<typeof Employee>

export const Class = z.object({
  Id: z.string(),
  SyncToken: z.string(),
  Name: z.string(),
  FullyQualifiedName: z.string(),
  SubClass: z.boolean(),
  ParentRef: ReferenceType.optional(),
  Active: z.boolean(),
  domain: z.literal('QBO'),
  sparse: z.boolean(),
  MetaData,
})
export type Class = z.infer<typeof Class>

/** What the query endpoint answers: `select * from Employee` → { QueryResponse: { Employee: [...] } }. */
export const QueryResponse = z.object({
  QueryResponse: z.record(z.string(), z.unknown()),
  time: z.string(),
})

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
