/** The response schemas of every route, one file per resource; the web takes its types from here. */
export * from './http.ts'
export * from './auth.ts'
export * from './billing.ts'
export * from './dashboard.ts'
export * from './members.ts'
export * from './reports.ts'
export * from './timesheets.ts'
export * from './health.ts'
