import { routes } from '@app/functions'
import { coldStartRequest } from './bundles.ts'
import { invokeFresh, lambdaEvent } from './lambda.ts'
import { median } from './stats.ts'

/** Every function's cold start must stay under this (import plus first call). */
export const COLD_TARGET_MS = 150

export interface ColdStart {
  /** Import plus first call: what Lambda bills as the init and the first invocation. */
  ms: number
  /** The import alone (Lambda's Init Duration). */
  importMs: number
  callMs: number
  /** CPU time over the import and the call (InvokeResult.cpuMs). */
  cpuMs: number
  status: number
}

export type RouteKey = keyof typeof routes

/**
 * The cold starts of `keys`: for each, `samples` fresh Node processes importing its bundle
 * (`files[key]`) and calling its handler once with the same request (coldStartRequest), medians.
 * `parallel` routes are measured at a time. With `against` (other bundles of the same keys, e.g.
 * those before a change) each sample of `files` is followed by one of `against`, so both see the
 * same machine.
 */
export const coldStarts = async (options: {
  keys: RouteKey[]
  files: Record<string, string>
  against?: Record<string, string>
  env: Record<string, string>
  samples: number
  parallel?: number
}): Promise<{ cold: Record<string, ColdStart>; against: Record<string, ColdStart> }> => {
  const { files, env, samples } = options
  const cold: Record<string, ColdStart> = {}
  const against: Record<string, ColdStart> = {}
  const summary = (runs: Awaited<ReturnType<typeof invokeFresh>>[]): ColdStart => ({
    ms: median(runs.map((r) => r.importMs + r.callMs)),
    importMs: median(runs.map((r) => r.importMs)),
    callMs: median(runs.map((r) => r.callMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    status: runs[0]!.status,
  })
  const pending = [...options.keys]
  const worker = async () => {
    for (let key = pending.shift(); key; key = pending.shift()) {
      const runs = []
      const otherRuns = []
      const other = options.against?.[key]
      for (let i = 0; i < samples; i++) {
        const event = () => lambdaEvent(coldStartRequest(routes[key], env.APP_ORIGIN!))
        runs.push(await invokeFresh(files[key]!, event(), env))
        if (other) otherRuns.push(await invokeFresh(other, event(), env))
      }
      cold[key] = summary(runs)
      if (other) against[key] = summary(otherRuns)
    }
  }
  await Promise.all(Array.from({ length: options.parallel ?? 1 }, worker))
  return { cold, against }
}
