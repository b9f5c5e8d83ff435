import type { Route } from './http/define-route.ts'
import getHealth from './health/get-health.ts'

/** The one route manifest: the key is the handler's file path under src/. */
export const routes = {
  'health/get-health': getHealth,
} satisfies Record<string, Route>

export type RouteKey = keyof typeof routes
