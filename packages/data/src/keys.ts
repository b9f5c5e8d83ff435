/** Every key of the table is built here and nowhere else. Organization-owned keys begin ORG#<orgId>. */
const org = (orgId: string) => `ORG#${orgId}`

export const keys = {
  organization: (orgId: string) => ({ pk: org(orgId), sk: 'ORG' }),
  orgSlug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),

  user: (orgId: string, userId: string) => ({ pk: org(orgId), sk: `USER#${userId}` }),
  usersPrefix: 'USER#',
  orgPk: org,
  /** Uniqueness of an email within one organization. */
  userEmail: (orgId: string, email: string) => ({ pk: org(orgId), sk: `EMAIL#${email.toLowerCase()}` }),

  /** Cross-organization lookups, used only by the system module. */
  subject: (issuer: string, subject: string) => ({ pk: `SUBJECT#${issuer}#${subject}`, sk: 'SUBJECT' }),
  /** A supervisor member invited by email, until its owner joins through Supervisor Login or declines. */
  invitation: (email: string, orgId: string) => ({ pk: `INVITE#${email.toLowerCase()}`, sk: `ORG#${orgId}` }),
  invitationsPk: (email: string) => `INVITE#${email.toLowerCase()}`,
  username: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'USERNAME' }),
  /** Staff sign-in attempts of one username from one client address (the lockout counter). */
  loginAttempts: (username: string, address: string) => ({
    pk: `LOGINATTEMPT#${username.toLowerCase()}#${address}`,
    sk: 'LOGINATTEMPT',
  }),
  /** GSI1 partition of one username's sign-in attempt counters, from every address (the erasure finds them). */
  loginAttemptsOf: (username: string) => `LOGINATTEMPTS#${username.toLowerCase()}`,
  authRequest: (state: string) => ({ pk: `AUTHREQ#${state}`, sk: 'AUTHREQ' }),
  /** A first sign-in waiting for its person to join an inviting organization or start their own (by the hash of its cookie). */
  signInChoice: (idHash: string) => ({ pk: `SIGNINCHOICE#${idHash}`, sk: 'SIGNINCHOICE' }),

  timesheet: (orgId: string, id: number) => ({ pk: org(orgId), sk: `TS#${String(id).padStart(12, '0')}` }),
  timesheetsPrefix: 'TS#',
  /** One timesheet per employee per week: held by a conditional put of this item. */
  employeeWeek: (orgId: string, employeeId: string, week: string) => ({
    pk: org(orgId),
    sk: `WEEK#${employeeId}#${week}`,
  }),
  timesheetCounter: (orgId: string) => ({ pk: org(orgId), sk: 'COUNTER#timesheet' }),
  /** Counts of timesheets by status, changed in the same transaction as each status. */
  timesheetStats: (orgId: string) => ({ pk: org(orgId), sk: 'STATS#timesheets' }),
  /** One week's submitted counts and approved minutes (aggregates.ts). */
  weekStats: (orgId: string, week: string) => ({ pk: org(orgId), sk: `STATS#week#${week}` }),
  weekStatsPrefix: 'STATS#week#',
  /**
   * A shard of the member directory (what lists show of each member). Its sort keys sort
   * just before `STATS#timesheets`, so one query reads the directory and the counts together.
   */
  memberDirectory: (orgId: string, shard: number) => ({ pk: org(orgId), sk: `STATS#members#${shard}` }),
  /**
   * One member's pending timesheets, before and after a first approval (an item each, so a
   * decision writes a small item whatever the number of members). Outside the `STATS#` range the
   * directory's query reads: only a campus's stats read them all.
   */
  memberPending: (orgId: string, memberId: string) => ({ pk: org(orgId), sk: `PENDING#${memberId}` }),
  memberPendingPrefix: 'PENDING#',
  /** Every member's pending counts in one item, before they had one each (deleted by the rebuild). */
  legacyPending: (orgId: string) => ({ pk: org(orgId), sk: 'STATS#pending' }),
  /** The supervisors' routing and the pending counts by route (routing-counts.ts): the stat row's "Waiting for me" and a decision's roster. */
  routing: (orgId: string) => ({ pk: org(orgId), sk: 'STATS#routing' }),
  /** GSI1: an employee's timesheets by week. */
  employeeTimesheets: (orgId: string, employeeId: string) => `${org(orgId)}#EMP#${employeeId}`,
  /** GSI2: the organization's timesheets by week. */
  orgTimesheets: (orgId: string) => `${org(orgId)}#TS`,
  /** GSI3: the organization's timesheets in one status, by week. */
  statusTimesheets: (orgId: string, status: string) => `${org(orgId)}#STATUS#${status}`,
  weekSort: (week: string, id: number) => `WEEK#${week}#${String(id).padStart(12, '0')}`,
  /** Sort keys of the week-sorted indexes: one week, and weeks from `start` to `end` inclusive. */
  weekPrefix: (week: string) => `WEEK#${week}#`,
  weekRange: (start: string, end: string) => ({ from: `WEEK#${start}`, to: `WEEK#${end}#~` }),

  /** The payroll figures of one approved member-week, written with the approval. */
  weekFigures: (orgId: string, week: string, employeeId: string) => ({
    pk: org(orgId),
    sk: `FIG#${week}#${employeeId}`,
  }),
  /** Sort keys of the figures of weeks starting from `start` to `end` inclusive. */
  figuresRange: (start: string, end: string) => ({ from: `FIG#${start}`, to: `FIG#${end}#~` }),
  /** The organization's ministries and funds (one item holding the list; codes are never deleted). */
  allocationCodes: (orgId: string) => ({ pk: org(orgId), sk: 'ALLOCCODES' }),
  /** The organization's campuses (one item holding the list, and the ids a member may be given). */
  campuses: (orgId: string) => ({ pk: org(orgId), sk: 'CAMPUSES' }),
  /** A pay period's state (closed, reopened), named by its first day. */
  payPeriod: (orgId: string, start: string) => ({ pk: org(orgId), sk: `PERIOD#${start}` }),
  periodRange: (start: string, end: string) => ({ from: `PERIOD#${start}`, to: `PERIOD#${end}` }),
  /** A workweek locked by a closed pay period: every timesheet write of that week checks it is absent. */
  weekLock: (orgId: string, week: string) => ({ pk: org(orgId), sk: `LOCK#${week}` }),

  /** An emailed Approve/Decline link that has been used (single use). */
  decisionLinkUse: (orgId: string, linkId: string) => ({ pk: org(orgId), sk: `LINKUSED#${linkId}` }),
  outbox: (orgId: string, id: string) => ({ pk: org(orgId), sk: `OUTBOX#${id}` }),
  outboxPrefix: 'OUTBOX#',
  /** Coupon codes an organization tried in one hour (hours since the epoch). */
  couponAttempts: (orgId: string, hour: number) => ({ pk: org(orgId), sk: `COUPONTRY#${hour}` }),
  /** Emails an organization queued on one UTC day (its daily quota). */
  emailQuota: (orgId: string, day: string) => ({ pk: org(orgId), sk: `EMAILQUOTA#${day}` }),
  /** GSI1 partitions of the email outbox: due for a try, and given up on. */
  outboxDue: 'OUTBOX#DUE',
  outboxDead: 'OUTBOX#DEAD',
  /** GSI1 partition of emails held for an address not yet confirmed (sorted by when first held). */
  outboxHeld: 'OUTBOX#HELD',
  /** GSI1 sort key of an outbox entry: when it is due next (ISO time first, so it sorts by time). */
  outboxDueAt: (at: string, orgId: string, id: string) => `${at}#${orgId}#${id}`,
  /** The upper bound of `outboxDueAt` for everything due by `at`. */
  outboxDueBy: (at: string) => `${at}#~`,

  /** GSI1 of the organization item: every organization the reminders job visits (the demo is not). */
  reminderOrgs: 'REMINDERS#ORGS',
  /** One reminder email of a kind to a member for a period (a week, or a day for a timer): sent once. */
  reminderSent: (orgId: string, kind: string, period: string, userId: string) => ({
    pk: org(orgId),
    sk: `REMINDED#${kind}#${period}#${userId}`,
  }),

  /** A payment webhook event already applied (replays are ignored). */
  billingEvent: (eventId: string) => ({ pk: `BILLINGEVENT#${eventId}`, sk: 'BILLINGEVENT' }),

  /**
   * The audit trail: an organization's records in a partition of their own, sorted by time (ISO
   * time first, then the record's id); written once, never updated or deleted.
   */
  auditRecord: (orgId: string, at: string, id: string) => ({ pk: `${org(orgId)}#AUDIT`, sk: `${at}#${id}` }),
  auditPartition: (orgId: string) => `${org(orgId)}#AUDIT`,
  auditSort: (at: string, id: string) => `${at}#${id}`,
  /** GSI1: one timesheet's records by time. */
  timesheetAudit: (orgId: string, id: number) => `${org(orgId)}#TS#${String(id).padStart(12, '0')}#AUDIT`,
  /** GSI2: one member's records (what they did) by time. */
  actorAudit: (orgId: string, userId: string) => `${org(orgId)}#AUDIT#ACTOR#${userId}`,

  session: (sidHash: string) => ({ pk: `SESSION#${sidHash}`, sk: 'SESSION' }),
  /** GSI1: a user's sessions, so removing a member ends them all. */
  userSessions: (orgId: string, userId: string) => `${org(orgId)}#USER#${userId}#SESSIONS`,

  /** A member's kiosk PIN (its scrypt hash) and its lockout, beside the member. */
  pin: (orgId: string, userId: string) => ({ pk: org(orgId), sk: `PIN#${userId}` }),
  pinsPrefix: 'PIN#',
  /** A kiosk of the organization (its name, last use and the hash of its session). */
  kiosk: (orgId: string, id: string) => ({ pk: org(orgId), sk: `KIOSK#${id}` }),
  kiosksPrefix: 'KIOSK#',

  /** An API token by the hash of its secret (a request finds it with no organization known). */
  apiToken: (tokenHash: string) => ({ pk: `APITOKEN#${tokenHash}`, sk: 'APITOKEN' }),
  /** One token's requests in one minute (the rate limit), beside the token. */
  apiTokenRate: (tokenHash: string, minute: string) => ({ pk: `APITOKEN#${tokenHash}`, sk: `RATE#${minute}` }),
  /** The organization's live API tokens (id to expiry), so the token limit holds under concurrent makes. */
  apiTokenIndex: (orgId: string) => ({ pk: org(orgId), sk: 'APITOKENS' }),
  /**
   * All of an organization's token requests in one minute (the organization's rate limit). Under
   * APITOKEN# like a token's own count, since read-only routes may write only there (infra's
   * sessionWrites); a hash never holds '#', so no token's partition is this one.
   */
  apiOrgRate: (orgId: string, minute: string) => ({ pk: `APITOKEN#ORG#${orgId}`, sk: `RATE#${minute}` }),
  /** An export of all an organization's data, and its progress. */
  dataExport: (orgId: string, id: string) => ({ pk: org(orgId), sk: `EXPORT#${id}` }),
  /** The one export of an organization still running: holds its id while it runs. */
  exportRunning: (orgId: string) => ({ pk: org(orgId), sk: 'EXPORTRUNNING' }),
  /** GSI1 partition of the exports still to make (sparse: removed when one ends). */
  exportsRunning: 'EXPORTS#RUNNING',
  /** An import of members from a file, its progress and counts. */
  memberImport: (orgId: string, id: string) => ({ pk: org(orgId), sk: `MEMBERIMPORT#${id}` }),
  /** A row an import applied (a new member's sealed login on it until the credentials file holds it); by line. */
  memberImportRow: (orgId: string, id: string, line: number) => ({
    pk: org(orgId),
    sk: `MEMBERIMPORTROW#${id}#${String(line).padStart(6, '0')}`,
  }),
  memberImportRowsPrefix: (id: string) => `MEMBERIMPORTROW#${id}#`,
  /** GSI1 partition of the imports still to apply (sparse: removed when one ends). */
  memberImportsRunning: 'MEMBERIMPORTS#RUNNING',
  /** The column mapping of the organization's last import, offered first next time. */
  importMapping: (orgId: string) => ({ pk: org(orgId), sk: 'IMPORTMAPPING' }),
  /** A pay period's last send to a vendor (GUSTO#SEND#, QUICKBOOKS#SEND#): its state, what it did and what the vendor refused. */
  integrationSend: (orgId: string, vendor: string, start: string) => ({
    pk: org(orgId),
    sk: `${vendor.toUpperCase()}#SEND#${start}`,
  }),
  /** One shift of a pay period sent to Gusto as a time sheet: Gusto's id and version, and what it held. */
  gustoSheet: (orgId: string, start: string, key: string) => ({ pk: org(orgId), sk: `GUSTO#SHEET#${start}#${key}` }),
  gustoSheetsPrefix: (start: string) => `GUSTO#SHEET#${start}#`,
  /** GSI1 partition of the sends to vendors waiting for the send job (sparse: removed when one ends). */
  integrationSendsDue: 'INTSEND#DUE',
  /** A webhook of the organization (its URL, events and signing secret). */
  webhook: (orgId: string, id: string) => ({ pk: org(orgId), sk: `WEBHOOK#${id}` }),
  webhooksPrefix: 'WEBHOOK#',
  /** How many webhooks the organization has (held under the limit by a conditional update). */
  webhookCount: (orgId: string) => ({ pk: org(orgId), sk: 'WEBHOOKCOUNT' }),
  /** One delivery of an event to a webhook; ids sort by time, so a webhook's deliveries read newest first. */
  webhookDelivery: (orgId: string, webhookId: string, id: string) => ({
    pk: org(orgId),
    sk: `WHDELIVERY#${webhookId}#${id}`,
  }),
  webhookDeliveriesPrefix: (webhookId: string) => `WHDELIVERY#${webhookId}#`,
  /** GSI1 partition of the deliveries due for a try (sparse: removed once delivered or given up). */
  webhookDue: 'WHDELIVERY#DUE',
  /** GSI1 sort key of a due delivery: when it is due (ISO time first, so it sorts by time). */
  webhookDueAt: (at: string, orgId: string, webhookId: string, id: string) => `${at}#${orgId}#${webhookId}#${id}`,
  /**
   * A closed organization (outside its partitions, so that erasing them leaves it), then,
   * once erased, its tombstone: the id, when it was closed and erased, and by whom.
   */
  closure: (orgId: string) => ({ pk: `CLOSED#${orgId}`, sk: 'CLOSED' }),
  /** GSI1 partition of the closures still to erase, sorted by erasure date (sparse: removed when erased). */
  closuresPending: 'CLOSURES#PENDING',
  closureSort: (eraseOn: string, orgId: string) => `${eraseOn}#${orgId}`,
  /** GSI2 of a payment webhook event: the organization's, so that its erasure finds them. */
  orgBillingEvents: (orgId: string) => `${org(orgId)}#BILLINGEVENTS`,
  /** GSI1: an organization's API tokens, oldest first. */
  orgApiTokens: (orgId: string) => `${org(orgId)}#APITOKENS`,

  /** The organization's time-off policies (absent: the defaults), and its holidays and blackout dates. */
  timeOffPolicies: (orgId: string) => ({ pk: org(orgId), sk: 'TIMEOFF#POLICIES' }),
  holidays: (orgId: string) => ({ pk: org(orgId), sk: 'TIMEOFF#HOLIDAYS' }),
  /** A time-off request. */
  timeOffRequest: (orgId: string, id: string) => ({ pk: org(orgId), sk: `TIMEOFF#REQ#${id}` }),
  timeOffRequestsPrefix: 'TIMEOFF#REQ#',
  /** GSI1: the organization's requests by last day; GSI2: one member's. Sort key `<to>#<id>`. */
  orgTimeOff: (orgId: string) => `${org(orgId)}#TIMEOFF`,
  employeeTimeOff: (orgId: string, employeeId: string) => `${org(orgId)}#EMP#${employeeId}#TIMEOFF`,
  timeOffSort: (to: string, id: string) => `${to}#${id}`,
  /** One change of a member's time-off balance (ids name their source, so a posting is written once). */
  ledgerEntry: (orgId: string, employeeId: string, id: string) => ({
    pk: org(orgId),
    sk: `TIMEOFF#LEDGER#${employeeId}#${id}`,
  }),
  ledgerPrefix: (employeeId: string) => `TIMEOFF#LEDGER#${employeeId}#`,

  /** An integration's connection (its sealed tokens) and what it last sent. */
  integration: (orgId: string, vendor: string) => ({ pk: org(orgId), sk: `INTEGRATION#${vendor}` }),
  integrationsPrefix: 'INTEGRATION#',
  /** A started OAuth consent, by the hash of its `state` (single-use, short-lived). */
  integrationState: (orgId: string, stateHash: string) => ({ pk: org(orgId), sk: `INTSTATE#${stateHash}` }),
  /** One of our things (a member, a code, a pay type) paired with one of a vendor's. */
  integrationMatch: (orgId: string, vendor: string, kind: string, ourId: string) => ({
    pk: org(orgId),
    sk: `INTMATCH#${vendor}#${kind}#${ourId}`,
  }),
  integrationMatchesPrefix: (vendor: string, kind: string) => `INTMATCH#${vendor}#${kind}#`,
  /** One record a pay period sent a vendor (its vendor id and version), by the record's stable key. */
  integrationSent: (orgId: string, vendor: string, start: string, key: string) => ({
    pk: org(orgId),
    sk: `INTSENT#${vendor}#${start}#${key}`,
  }),
  integrationSentPrefix: (vendor: string, start: string) => `INTSENT#${vendor}#${start}#`,
  /** Planning Center People: the chosen lists, departments and sealed webhook secrets (one item). */
  planningCenterSettings: (orgId: string) => ({ pk: org(orgId), sk: 'PCO#SETTINGS' }),
  /** Planning Center People: the sync's last run (what changed, what it could not do). */
  planningCenterRun: (orgId: string) => ({ pk: org(orgId), sk: 'PCO#RUN' }),
  /** A Planning Center organization's id to ours: how a webhook delivery finds its organization. */
  planningCenterAccount: (accountId: string) => ({ pk: `PCOACCOUNT#${accountId}`, sk: 'PCOACCOUNT' }),
  /** The GSI1 partition of the organizations the nightly reconciliation syncs. */
  planningCenterSynced: 'PCO#SYNCED',
  /** A pay period's last send to a vendor: when, its result, and the closing it sent. */
  integrationPeriod: (orgId: string, vendor: string, start: string) => ({
    pk: org(orgId),
    sk: `INTPERIOD#${vendor}#${start}`,
  }),
}
