/**
 * What one church does with the app in a month: the usage model the cost benchmark (cost.ts)
 * plays against the local stack. Change a number here and `npm run bench -- --only cost` prices
 * the new month. Every request is one the web app makes (spec section 7), sent as the app sends it.
 *
 * A church of N members: N keep timesheets (80 % staff, 20 % volunteers; both do the same here:
 * each works every working day), and the supervisors come IN ADDITION (one per 25 members, at
 * least one: 2 for N = 50, so 52 accounts). Supervisors keep no timesheet (spec section 6).
 */
export const MODEL = {
  staffShare: 0.8,
  membersPerSupervisor: 25,
  /** The simulated month: 4 weeks of 5 working days, scaled to a calendar month by WEEKS_PER_MONTH / 4. */
  weeks: 4,
  workingDays: 5,
  /** Each member, each working day: two visits (clock in in the morning, clock out in the evening). */
  member: {
    /** On each visit the app loads: the user, the organization's name and logo, this week, the recent list. */
    visitReads: ['/api/auth/user', '/api/organization/settings', '/api/timesheets/current-week', '/api/timesheets'],
    visitsPerDay: 2,
    /** Minutes the dashboard stays open per visit: it reads the current week again every 30 s. */
    minutesOpenPerVisit: 2,
    /** PUT /api/timesheets/draft/{id}: clock in, clock out, and the evening's save of the day's activity. */
    savesPerDay: 3,
    /** POST /api/timesheets/{id}/submit on the week's last working day. */
    submitsPerWeek: 1,
  },
  /** Each supervisor, each working day: one visit to the dashboard. */
  supervisor: {
    visitReads: [
      '/api/auth/user',
      '/api/organization/settings',
      '/api/subscription/status',
      '/api/dashboard/stats',
      '/api/timesheets',
    ],
    visitsPerDay: 1,
  },
  /** Every submitted timesheet is decided by one supervisor (round robin); this share is declined. */
  declineShare: 0.05,
  /** Once a month, by one supervisor: the reports page for the month and the payroll export (bulk CSV). */
  monthly: { reports: 1, bulkExports: 1 },
} as const

/** Weeks in an average calendar month (52 weeks / 12 months). */
export const WEEKS_PER_MONTH = 52 / 12
/** The measured four weeks are scaled by this to a calendar month. */
export const MONTH_SCALE = WEEKS_PER_MONTH / MODEL.weeks
/** current-week polls per visit (refetchInterval 30 s, web/src/api/timesheets.ts). */
export const pollsPerVisit = () => Math.floor((MODEL.member.minutesOpenPerVisit * 60) / 30)

export interface Church {
  members: number
  staff: number
  volunteers: number
  supervisors: number
}

export const church = (members: number): Church => {
  const staff = Math.round(members * MODEL.staffShare)
  return {
    members,
    staff,
    volunteers: members - staff,
    supervisors: Math.max(1, Math.round(members / MODEL.membersPerSupervisor)),
  }
}

/** One line per role for the report's notes: what each does in the simulated weeks. */
export const describeModel = () => {
  const m = MODEL.member
  const s = MODEL.supervisor
  return [
    `Members (staff and volunteers alike), each of ${MODEL.weeks} weeks × ${MODEL.workingDays} working days: ${m.visitsPerDay} visits a day, each loading ${m.visitReads.join(', ')} and reading the current week again every 30 s for ${m.minutesOpenPerVisit} min (${pollsPerVisit()} polls); ${m.savesPerDay} saves a day (PUT /api/timesheets/draft/{id}: clock in, clock out, the day's activity); on the week's last working day POST /api/timesheets/{id}/submit.`,
    `Supervisors (1 per ${MODEL.membersPerSupervisor} members, in addition to them), each working day: ${s.visitReads.join(', ')}. Every submitted timesheet is decided once (PATCH /api/timesheets/{id}/status, round robin among supervisors), ${MODEL.declineShare * 100} % declined (an email to the member).`,
    `Monthly, one supervisor: GET /api/timesheets/reports for the month and the payroll export GET /api/reports/bulk-timesheets (a CSV written to S3, fetched once through its pre-signed link).`,
    `Emails: what the app sends (submission → a review email to each supervisor; decline → the member). The product sends no reminders, so none are counted.`,
  ]
}
