import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { orgDb } from '@app/data'
import { sampleOrganization, seedOrganization } from '@app/data/seed'
import { repoRoot } from '@app/local'

/** Issue 35's targets: 10,000 timesheets export in under a minute and under 512 MB. */
export const EXPORT_TARGET = { timesheets: 10_000, seconds: 60, rssBytes: 512 * 1024 * 1024 }

export interface ExportResult {
  timesheets: number
  members: number
  seconds: number
  peakRss: number
  idleRss: number
  zipBytes: number
}

/**
 * Seeds one organization with `timesheets` timesheets (members × weeks) and asks for an export of
 * all its data, then runs the export job in a fresh Node process (as its Lambda would) and reads
 * its time and peak memory (RSS). The stack's environment must be in process.env.
 */
export const measureExport = async (timesheets = EXPORT_TARGET.timesheets, log = (_: string) => {}) => {
  const weeks = 50
  const staff = Math.ceil(timesheets / weeks)
  const org = sampleOrganization({ name: 'Export Bench Church', members: staff + 1, weeks })
  await seedOrganization(org)
  const orgId = org.organization.id
  const supervisor = org.members.find((m) => m.role === 'supervisor')!
  log(`seeded ${org.timesheets.length} timesheets of ${org.members.length} members; exporting`)
  const started = await orgDb(orgId).exports.start(supervisor)

  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/bench/export-child.ts'), orgId], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the export child exited ${code}: ${out}`)),
    )
  })
  const line = output.trim().split('\n').at(-1)!
  const run = JSON.parse(line) as { seconds: number; peakRss: number; idleRss: number; made: number }
  const job = await orgDb(orgId).exports.get(started.id)
  if (run.made !== 1 || job.status !== 'done') throw new Error(`the export did not finish (${job.status}): ${output}`)
  const zip = await fetch(await (await import('@app/adapters')).filesFor(orgId).dataExport(started.id).url())
  const zipBytes = (await zip.arrayBuffer()).byteLength
  return {
    timesheets: org.timesheets.length,
    members: org.members.length,
    seconds: run.seconds,
    peakRss: run.peakRss,
    idleRss: run.idleRss,
    zipBytes,
  } satisfies ExportResult
}
