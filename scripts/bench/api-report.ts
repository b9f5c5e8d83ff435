import { measureApi, type ApiFigure, type ApiMeasureOptions, type Trips } from './api.ts'
import { measureFloors, type FloorFigure } from './floors.ts'
import type { LoadResult } from './load.ts'
import { FIGURES, verdict, type Table } from './report.ts'
import type { Seeded } from './seed.ts'
import { fmt } from './stats.ts'

/**
 * The API's targets: current week, stats and the list's first page within 4× a raw GetItem's p50,
 * an approval within 10×, the report within 2× its own floor (it reads a month of timesheets, not a
 * few items), every read's p99 under 100 ms; and in the scale section every p50 but the report's
 * within 20 % of the main organization's.
 */
export const API_TARGET = { readRatio: 4, approveRatio: 10, reportFloorRatio: 2, p99Ms: 100, scaleGrowth: 0.2 }

/** One organization's API rows and their floors, measured in the same run. */
export interface ApiRun {
  seeded: Seeded
  api: ApiFigure[]
  floors: FloorFigure[]
}

export const measureApiRun = async (o: ApiMeasureOptions): Promise<ApiRun> => {
  // The API first: its first current-week request makes the staff member's week if the seed had none.
  const api = await measureApi(o)
  // Floors take no warm-up in --quick (readWarmup false): that mode checks that they run.
  const floorTiming = { seconds: o.timing.seconds, warmupSeconds: o.timing.readWarmup ? o.timing.warmupSeconds : 0 }
  const floors = await measureFloors({ ...o, concurrency: o.connections, timing: floorTiming })
  return { seeded: o.seeded, api, floors }
}

const floorOf = (run: ApiRun, name: string) => {
  const floor = run.floors.find((f) => f.name === name)
  if (!floor) throw new Error(`No floor for ${name}`)
  return floor.result
}

/** Whether a row meets its target against GetItem or its floor (the scale growth is apart). */
const meets = (name: string, r: LoadResult, floor: LoadResult, getItem: LoadResult) => {
  if (r.errors !== 0) return false
  if (name === FIGURES.api.approve) return r.p50 / getItem.p50 <= API_TARGET.approveRatio
  const ratio = name === FIGURES.api.reports ? r.p50 / floor.p50 : r.p50 / getItem.p50
  const limit = name === FIGURES.api.reports ? API_TARGET.reportFloorRatio : API_TARGET.readRatio
  return ratio <= limit && r.p99 < API_TARGET.p99Ms
}

const targetText = (name: string) =>
  name === FIGURES.api.approve
    ? `≤${API_TARGET.approveRatio}× GetItem`
    : name === FIGURES.api.reports
      ? `≤${API_TARGET.reportFloorRatio}× floor, p99 <${API_TARGET.p99Ms} ms`
      : `≤${API_TARGET.readRatio}× GetItem, p99 <${API_TARGET.p99Ms} ms`

const figures = (r: LoadResult, floor: LoadResult | undefined, getItem: LoadResult, apiFloor: LoadResult) => [
  fmt(r.p50, 1),
  fmt(r.p99, 1),
  fmt(r.rps, 0),
  fmt(floor?.p50, 1),
  fmt(floor?.p99, 1),
  fmt(floor && r.p50 / floor.p50, 1),
  fmt(r.p50 / getItem.p50, 1),
  fmt(r.p50 / apiFloor.p50, 1),
  String(r.errors),
]

/** The local API's floor (its lightest request) of a run, and the rows measured against it. */
const split = (run: ApiRun) => {
  const floor = run.api.find((a) => a.name === FIGURES.apiFloor)
  if (!floor) throw new Error(`No ${FIGURES.apiFloor} row`)
  return { apiFloor: floor, rows: run.api.filter((a) => a !== floor) }
}

const tripRow = (name: string, http: LoadResult, apiFloor: LoadResult, t: Trips) => [
  name,
  fmt(http.p50, 1),
  fmt(http.p50 / apiFloor.p50, 1),
  fmt(t.calls, 0),
  `${fmt(t.rounds, 0)} (≤${t.maxRounds})`,
  fmt(t.awsMs, 1),
  fmt(t.restMs, 1),
  fmt(t.handlerMs, 1),
  fmt(t.outsideMs, 1),
  Object.entries(t.byCommand)
    .map(([c, { perRequest: n, p50 }]) => `${c.replace(/^dynamodb /, '')} ${fmt(n, n % 1 ? 1 : 0)} (${fmt(p50, 0)} ms)`)
    .join(', '),
]

/**
 * Where each row's time goes, when the run counted the handlers' calls: the API floor's share and,
 * inside the handler, the AWS round trips against the rest.
 */
const tripsTable = (run: ApiRun, connections: number, at = ''): Table | undefined => {
  const { apiFloor, rows } = split(run)
  const counted = [apiFloor, ...rows].filter((r) => r.trips)
  if (!counted.length) return undefined
  return {
    title: `Where a request's time goes${at} (${connections} connections; the handlers' AWS calls counted in a run of their own)`,
    head: [
      'figure',
      'p50 ms',
      '÷ API floor p50',
      'AWS calls / request',
      'rounds / request (most)',
      'waiting on AWS ms',
      'rest of the handler ms',
      'handler ms',
      'outside the handler ms',
      'calls per request',
    ],
    numeric: [1, 2, 3, 5, 6, 7, 8],
    rows: counted.map((r) => tripRow(r.name, r.result, apiFloor.result, r.trips!)),
    notes: [
      `p50 ms and its ratio: the row's timed run (the table above). The rest, medians per request over a second run of ${connections * 3} requests (approve: its ${run.seeded.warmupIds.length} warm-up approvals) with the count on: AWS calls and their rounds (calls sent together share one; by command, with each call's median in brackets), the time at least one call was in flight, the rest of the handler's time (middleware, zod, JSON, our code) and what the local API adds around the handler (its HTTP p50 in the counted run minus the handler's median: HTTP, the API Gateway event, the wait for the event loop).`,
    ],
  }
}

const scaleName: Record<string, string> = {
  [FIGURES.api.currentWeek]: FIGURES.scale.currentWeek,
  [FIGURES.api.list]: FIGURES.scale.list,
  [FIGURES.api.stats]: FIGURES.scale.stats,
  [FIGURES.api.reports]: FIGURES.scale.reports,
  [FIGURES.api.approve]: FIGURES.scale.approve,
}

/** The API table (each row beside its floor) and, given a scale run, the scale table. */
export const apiTables = (o: {
  getItem: LoadResult
  main: ApiRun
  scale?: ApiRun
  connections: number
  timing: { seconds: number; warmupSeconds: number }
}): Table[] => {
  const { getItem, main, scale } = o
  const s = main.seeded
  const head = [
    'figure',
    'request',
    'p50 ms',
    'p99 ms',
    'req/s',
    'floor p50 ms',
    'floor p99 ms',
    'p50 ÷ floor p50',
    'p50 ÷ GetItem p50',
    'p50 ÷ API floor p50',
    'errors',
  ]
  const numeric = [2, 3, 4, 5, 6, 7, 8, 9, 10]
  const { apiFloor, rows } = split(main)
  const apiTable: Table = {
    title: `API on the local stack (autocannon, ${o.connections} connections, about ${o.timing.seconds} s per read), each beside its floor`,
    head: [...head, 'target'],
    numeric,
    rows: [
      [
        FIGURES.baseline,
        'GetItem of one timesheet, consistent read',
        ...figures(getItem, getItem, getItem, apiFloor.result),
        '',
      ],
      [FIGURES.apiFloor, apiFloor.what, ...figures(apiFloor.result, apiFloor.result, getItem, apiFloor.result), ''],
      ...rows.map(({ name, what, result: r }) => {
        const floor = floorOf(main, name)
        return [
          name,
          what,
          ...figures(r, floor, getItem, apiFloor.result),
          `${verdict(meets(name, r, floor, getItem))} (${targetText(name)})`,
        ]
      }),
    ],
    notes: [
      `${FIGURES.apiFloor}: the lightest request through the same local API at the same concurrency (current-week without a cookie: HTTP, the API Gateway event, the middleware, no table; it is its own floor); p50 ÷ API floor p50 says how much of a row is the local API's own cost per request.`,
      `GetItem: the AWS SDK's raw GetItemCommand against the same DynamoDB Local, ${o.connections} calls in flight, in the same run (it is its own floor).`,
      `Floor: the raw SDK calls an ideal handler of that request would still make (scripts/bench/floors.ts), timed in the same run at the same concurrency, ${o.timing.seconds} s each. ${main.floors.map((f) => `${f.name}: ${f.reads}.`).join(' ')}`,
      `Each API request goes through the local API server (HTTP, API Gateway v2 event, middy, session lookup) in its own process; latency is per response (every request of a run is answered and counted), req/s is responses over the run. Each read runs ${o.timing.warmupSeconds} s of warm-up, then as many requests as the warm-up’s rate gives in ${o.timing.seconds} s (at least ${o.connections * 3}).`,
      `Reports: the four whole weeks ${s.reportStart} to ${s.reportEnd}. Approve: each request approves a different pending timesheet of the big organization (one transaction; its CSV is made on the first download), after ${s.warmupIds.length} warm-up approvals. errors: answers other than 200, plus timeouts.`,
    ],
  }
  const trips = tripsTable(main, o.connections)
  const tables = trips ? [apiTable, trips] : [apiTable]
  if (!scale) return tables
  const t = scale.seeded
  const scaled = split(scale)
  const scaleTable: Table = {
    title: `API at scale: an organization of ${t.bigMembers.toLocaleString('en-US')} members × ${t.weeks} weeks (${t.bigTimesheets.toLocaleString('en-US')} timesheets, ${t.pending.toLocaleString('en-US')} pending)`,
    head: [...head, `p50 ÷ ${s.bigMembers} members' p50`, `target (within ${API_TARGET.scaleGrowth * 100} %)`],
    numeric: [...numeric, 11],
    rows: scaled.rows.map(({ name, what, result: r }) => {
      const floor = floorOf(scale, name)
      const before = rows.find((a) => a.name === name)!.result
      const growth = r.p50 / before.p50
      const report = name === FIGURES.api.reports
      const ok = meets(name, r, floor, getItem) && (report || growth <= 1 + API_TARGET.scaleGrowth)
      return [
        scaleName[name] ?? name,
        what,
        ...figures(r, floor, getItem, scaled.apiFloor.result),
        fmt(growth, 2),
        `${verdict(ok)} (${report ? `${targetText(name)}; may grow` : `${targetText(name)}; ≤${1 + API_TARGET.scaleGrowth}× the ${s.bigMembers}-member p50`})`,
      ]
    }),
    notes: [
      `The same requests and floors as the table above, in the same run, against a second organization seeded beside the first with seedOrganization's batch writes in ${fmt(t.seconds, 1)} s; its floors are timed against it. The report reads a month of this organization's timesheets (${t.bigMembers - 1} staff × 4 weeks), so only its ratio to its floor is held.`,
    ],
  }
  // The same at scale: which call grows with the organization.
  const scaleTrips = tripsTable(scale, o.connections, ` at ${t.bigMembers.toLocaleString('en-US')} members`)
  return [...tables, scaleTable, ...(scaleTrips ? [scaleTrips] : [])]
}
