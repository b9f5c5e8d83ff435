import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { orgDb } from '@app/data'
import { sampleOrganization, seedOrganization } from '@app/data/seed'
import { repoRoot } from '@app/local'
import { FIGURES, verdict, type Table } from './report.ts'
import { fmt, mb } from './stats.ts'

/** targets: 10,000 timesheets export in under a minute and under 512 MB. */
export const EXPORT_TARGET = { timesheets: 10_000, seconds: 60, rssBytes: 512 * 1024 * 1024 }

export interface ExportResult {
  /** What the organization holds (the caption of the figure). */
  organization: string
  timesheets: number
  members: number
  seconds: number
  peakRss: number
  idleRss: number
  zipBytes: number
}

/**
 * Asks for an export of all the data of an organization already on the stack, as `supervisorId`,
 * then runs the export job in a fresh Node process (as its Lambda would) and reads its time and
 * peak memory (RSS), and the zip's size. The stack's environment must be in process.env.
 */
export const exportOrganization = async (o: {
  orgId: string
  supervisorId: string
  organization: string
  timesheets: number
  members: number
}): Promise<ExportResult> => {
  const supervisor = await orgDb(o.orgId).users.get(o.supervisorId)
  const started = await orgDb(o.orgId).exports.start(supervisor)
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts/bench/export-child.ts'), o.orgId],
      {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the export child exited ${code}: ${out}`)),
    )
  })
  const line = output.trim().split('\n').at(-1)!
  const run = JSON.parse(line) as { seconds: number; peakRss: number; idleRss: number; made: number }
  const job = await orgDb(o.orgId).exports.get(started.id)
  if (run.made !== 1 || job.status !== 'done') throw new Error(`the export did not finish (${job.status}): ${output}`)
  const zip = await fetch(await (await import('@app/adapters')).filesFor(o.orgId).dataExport(started.id).url())
  const zipBytes = (await zip.arrayBuffer()).byteLength
  return {
    organization: o.organization,
    timesheets: o.timesheets,
    members: o.members,
    seconds: run.seconds,
    peakRss: run.peakRss,
    idleRss: run.idleRss,
    zipBytes,
  }
}

/**
 * Seeds one organization with `timesheets` timesheets (members × 50 weeks) and measures the export
 * of all its data (`exportOrganization`): the section alone (export-only.ts, `--only export`).
 */
export const measureExport = async (timesheets = EXPORT_TARGET.timesheets, log = (_: string) => {}) => {
  const weeks = 50
  const staff = Math.ceil(timesheets / weeks)
  const org = sampleOrganization({ name: 'Export Bench Church', members: staff + 1, weeks })
  await seedOrganization(org)
  const supervisor = org.members.find((m) => m.role === 'supervisor')!
  log(`seeded ${org.timesheets.length} timesheets of ${org.members.length} members; exporting`)
  return exportOrganization({
    orgId: org.organization.id,
    supervisorId: supervisor.id,
    organization: `one organization of ${org.members.length} members × ${weeks} weeks, seeded for this section`,
    timesheets: org.timesheets.length,
    members: org.members.length,
  })
}

/** The export section's table, as the full bench and `--only export` print it. */
export const exportTable = (r: ExportResult): Table => {
  const met = r.seconds < EXPORT_TARGET.seconds && r.peakRss < EXPORT_TARGET.rssBytes
  return {
    title: 'Export of all data (POST /api/organization/export, then the export job)',
    head: [
      'figure',
      'timesheets',
      'members',
      'seconds',
      'peak RSS MB',
      'idle RSS MB',
      'zip MB',
      `target (<${EXPORT_TARGET.seconds} s, <${fmt(mb(EXPORT_TARGET.rssBytes), 0)} MB)`,
    ],
    numeric: [1, 2, 3, 4, 5, 6],
    rows: [
      [
        FIGURES.export,
        r.timesheets.toLocaleString('en-US'),
        String(r.members),
        fmt(r.seconds, 1),
        fmt(mb(r.peakRss), 0),
        fmt(mb(r.idleRss), 0),
        fmt(mb(r.zipBytes), 1),
        verdict(met),
      ],
    ],
    notes: [
      `Data: ${r.organization}.`,
      'The export job (functions/src/jobs/export-organization.ts) for that organization in a fresh Node process, as its Lambda runs it: it reads every member, timesheet with its history, decision, payroll figure, pay period, setting and audit record, writes the zip (CSV and JSON) to the S3 emulator and emails the supervisor. Seconds: the job alone, timed inside the process; peak RSS: getrusage maxRSS and RSS sampled every 50 ms (what Lambda reports as Max Memory Used); idle RSS: after the imports, before the job. Zip: the size of the file its 15-minute link downloads.',
    ],
  }
}
