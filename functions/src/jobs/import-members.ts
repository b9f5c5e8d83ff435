import { config, decryptSecret, filesFor } from '@app/adapters'
import { decideRows, toCsv, type ImportDecision, type ImportRow } from '@app/core'
import { memberImports, orgDb, REFUSED_KEPT, type ImportedLogin } from '@app/data'
import { csvWordsFor } from '../views/words.ts'
import { applyImportRow } from '../workflows/member-import.ts'
import { importContext, loginContext, rowResult } from '../workflows/member-import-rows.ts'
import { runInTurn } from '../workflows/in-turn.ts'
import { sideBySide } from '../workflows/side-by-side.ts'
import { isUnavailable } from '../http/errors.ts'

/**
 * Rows applied at once: each is its own transaction, so a few run side by side (on AWS, Cognito's
 * ~100 ms a call would take 2,000 new members past a minute one at a time; AdminCreateUser's
 * default quota is 50 a second per pool).
 */
const WORKERS = 8

/** The new members' usernames and temporary passwords, in the reader's language, by line. */
const credentialsCsv = async (orgId: string, importId: string, logins: ImportedLogin[], language: 'en' | 'es') => {
  const w = csvWordsFor(language)
  const sorted = [...logins].sort((a, b) => a.line - b.line)
  const rows = await Promise.all(
    sorted.map(async (l) => [
      l.firstName,
      l.lastName,
      l.email,
      l.username,
      await decryptSecret(l.sealedPassword, loginContext(orgId, importId)),
      `${config.appOrigin}/staff-login`,
    ]),
  )
  return toCsv([
    [
      w.word('firstName'),
      w.word('lastName'),
      w.word('email'),
      w.word('username'),
      w.word('temporaryPassword'),
      w.word('signInAt'),
    ],
    ...rows,
  ])
}

/**
 * Applies one import: every row not yet done (a run that stopped halfway is taken up where it
 * stopped: each row done has its marker), decided against the members as they are now, each in
 * its own transaction, WORKERS at a time; then the credentials file. Answers whether this run
 * finished it (false when it failed, or when another run, which took the import over after this
 * one's claim ran out, ended it first).
 */
export const runImport = async (orgId: string, id: string) => {
  const db = orgDb(orgId)
  const files = filesFor(orgId)
  try {
    const job = await db.memberImports.get(id)
    const org = await db.organization.get()
    const supervisor = await db.users.find(job.createdBy.id)
    const by = { ...job.createdBy, language: supervisor?.language ?? 'en' }
    const rows = JSON.parse(await files.importRows(id).read()) as ImportRow[]
    const before = await db.memberImports.rowsDone(id)
    const { decisions } = decideRows(rows, job.mapping, await importContext(db, org, job.createdBy.id))
    const waiting = decisions.filter((d) => !before.lines.has(d.line))
    let refusedKept = job.refusedCount
    const record = async (d: ImportDecision) => {
      const keep = d.status === 'refused' && refusedKept++ < REFUSED_KEPT
      await db.memberImports.record({
        importId: id,
        line: d.line,
        status: d.status,
        ...(keep ? { refused: rowResult(d) } : {}),
      })
    }
    const apply = async (d: ImportDecision) => {
      if (d.status === 'new' || d.status === 'updated') {
        const outcome = await applyImportRow(db, org, d, by, { importId: id })
        if (outcome.status === 'refused') await record(outcome)
      } else await record(d)
    }
    // Every row's transaction also counts on the import's item (and a new member's on the
    // organization's): side by side they conflict at times, and a row whose dependency was busy
    // is tried again later (its failed transaction wrote nothing; its marker keeps it once).
    await sideBySide(waiting, WORKERS, apply, { again: isUnavailable })
    // Every row has its marker now (this run's or another's). The markers are read before the
    // import is seen still running: a run that ended it deletes them only after, so a file this
    // run writes holds every login, the same as the other run's.
    const done = await db.memberImports.rowsDone(id)
    if ((await db.memberImports.get(id)).status !== 'running') return false
    let credentialsKey: string | null = null
    if (done.logins.length) {
      const file = files.importCredentials(id)
      await file.put(await credentialsCsv(orgId, id, done.logins, by.language), 'credentials.csv')
      credentialsKey = `imports/${id}-credentials.csv`
    }
    return await db.memberImports.finish(id, credentialsKey, done.lines)
  } catch (e) {
    // Another run may have ended the import meanwhile (this one outlived its claim): then it stands.
    if (await db.memberImports.fail(id, String(e)))
      console.error(JSON.stringify({ level: 'error', event: 'member-import-failed', orgId, id, error: String(e) }))
    return false
  }
}

/**
 * The import job (a schedule in AWS, a timer on the local stack): applies every import still
 * running, the organizations in turn, or those of the organizations named (`npm run job --
 * import-members [orgId...]`, tests). A closed organization's imports wait.
 */
export const importMembersJob = async (orgIds: string[] = []) => {
  const { running, finished } = await runInTurn(
    await memberImports.running(),
    orgIds,
    (db) => db.memberImports,
    runImport,
  )
  return { running, applied: finished }
}

export const handler = () => importMembersJob()
