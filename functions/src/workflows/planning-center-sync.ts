import {
  conflict,
  planningCenterMessages,
  planSync,
  type PlanningCenterPerson,
  type SyncedMemberView,
  type SyncPlan,
} from '@app/core'
import { type OrgDb, type PlanningCenterRun } from '@app/data'
import { withPlanningCenter } from './planning-center-connection.ts'
import { applyImportRow } from './member-import.ts'
import { removeMember } from './member-removal.ts'
import { importContext } from './member-import-rows.ts'

/**
 * Members kept in step with Planning Center People: reads the chosen lists, decides with the core
 * rule (`planSync`, which reads each person as an import row), applies each accepted change in
 * its own transaction (the import's `applyImportRow`), links members to their person, deactivates
 * linked members who left the lists (the soft removal: hours and history stay), and records the
 * run (the page's last run, and the audit trail). A run is idempotent: running it again changes
 * nothing more.
 */
const SYSTEM = { system: 'Planning Center' }

/** The members here as the sync compares them, each with their Planning Center person when linked. */
const membersWithLinks = async (db: OrgDb): Promise<SyncedMemberView[]> => {
  const [members, links] = await Promise.all([db.users.list(), db.planningCenter.links()])
  return members.map((m) => ({ ...m, planningCenterId: links.get(m.id) ?? null }))
}

/** The approver of new members and who the changes are made as: the supervisor who chose the lists. */
const actingSupervisor = async (db: OrgDb) => {
  const settings = await db.planningCenter.settings()
  const chooser = settings.chosenBy ? await db.users.find(settings.chosenBy.id) : undefined
  if (!chooser || chooser.role !== 'supervisor') throw conflict(planningCenterMessages.noLists)
  return { settings, by: chooser }
}

/** Applies a plan; answers what the run records (changes and problems). */
const applyPlan = async (
  db: OrgDb,
  plan: SyncPlan,
  by: Awaited<ReturnType<typeof actingSupervisor>>['by'],
  deactivate: boolean,
) => {
  const org = await db.organization.get()
  const changes: PlanningCenterRun['changes'] = []
  const problems: PlanningCenterRun['problems'] = []
  let refusedLate = 0
  for (const person of plan.people) {
    const { decision } = person
    if (decision.status === 'refused') {
      const { reason } = decision
      problems.push({ name: person.name, reason: reason.text, key: reason.key, params: reason.params })
      continue
    }
    let memberId = decision.status === 'new' ? null : decision.memberId
    if (decision.status === 'new' || decision.status === 'updated') {
      const outcome = await applyImportRow(db, org, decision, by)
      if (outcome.status === 'refused') {
        refusedLate++
        const { reason } = outcome
        problems.push({ name: person.name, reason: reason.text, key: reason.key, params: reason.params })
        continue
      }
      if (decision.status === 'new') memberId = (await db.users.addressOwner(decision.fields.email)).member?.id ?? null
      changes.push({ memberId, name: person.name, status: decision.status, conflicts: person.conflicts })
    }
    if (memberId && (person.linkTo || decision.status === 'new'))
      await db.planningCenter.link(memberId, person.personId, person.name)
  }
  let deactivated = 0
  if (deactivate)
    for (const gone of plan.deactivate) {
      await removeMember(db, gone.memberId, SYSTEM, { action: 'member.deactivated' })
      deactivated++
      changes.push({ memberId: gone.memberId, name: gone.name, status: 'deactivated', conflicts: [] })
    }
  for (const kept of plan.kept)
    problems.push({ name: kept.name, reason: kept.reason.text, key: kept.reason.key, params: kept.reason.params })
  // What was written: a row the data layer refused at the last moment counts as refused.
  const counts = {
    new: changes.filter((c) => c.status === 'new').length,
    updated: changes.filter((c) => c.status === 'updated').length,
    unchanged: plan.people.filter((p) => p.decision.status === 'unchanged').length,
    refused: plan.people.filter((p) => p.decision.status === 'refused').length + refusedLate,
    deactivated,
  }
  return { changes, problems, counts }
}

/**
 * One whole run: every person of the chosen lists, and the deactivation of linked members who left
 * them. Recorded (last run and audit trail) whether it finished or failed; a failure is thrown on.
 */
export const syncPlanningCenter = async (db: OrgDb, trigger: PlanningCenterRun['trigger']) => {
  const { settings, by } = await actingSupervisor(db)
  if (!settings.staffListId && !settings.volunteersListId) throw conflict(planningCenterMessages.noLists)
  const at = new Date().toISOString()
  try {
    const people = await withPlanningCenter(db, async (api) => {
      const account = await api.organization()
      if (account.id !== settings.accountId) await db.planningCenter.setAccount(account.id)
      const staff = settings.staffListId ? await api.listPeople(settings.staffListId, 'staff') : []
      const volunteers = settings.volunteersListId ? await api.listPeople(settings.volunteersListId, 'volunteers') : []
      return [...staff, ...volunteers]
    })
    const run = await decideAndApply(db, people, settings, by, true)
    const recorded: PlanningCenterRun = { at, trigger, status: 'done', ...run, error: null }
    await db.planningCenter.recordRun(recorded, SYSTEM)
    return recorded
  } catch (e) {
    const failed: PlanningCenterRun = {
      at,
      trigger,
      status: 'failed',
      counts: { new: 0, updated: 0, unchanged: 0, refused: 0, deactivated: 0 },
      changes: [],
      problems: [],
      error: e instanceof Error ? e.message : String(e),
    }
    await db.planningCenter.recordRun(failed, SYSTEM)
    throw e
  }
}

const decideAndApply = async (
  db: OrgDb,
  people: PlanningCenterPerson[],
  settings: Awaited<ReturnType<OrgDb['planningCenter']['settings']>>,
  by: Awaited<ReturnType<typeof actingSupervisor>>['by'],
  deactivate: boolean,
) => {
  const org = await db.organization.get()
  const [members, context] = await Promise.all([membersWithLinks(db), importContext(db, org)])
  const plan = planSync(
    people,
    {
      members,
      approversById: context.approversById,
      campuses: context.campuses ?? [],
      slots: context.slots,
      limit: context.limit,
    },
    { departments: { staff: settings.staffDepartment, volunteers: settings.volunteersDepartment } },
  )
  return applyPlan(db, plan, by, deactivate)
}

/**
 * A webhook's `person.updated` for a member already linked: that one person read again and
 * applied (names, email, campus); nothing else is touched. False when the person is not linked
 * here (the caller runs the whole sync instead).
 */
export const syncPlanningCenterPerson = async (db: OrgDb, personId: string): Promise<boolean> => {
  const links = await db.planningCenter.links()
  if (![...links.values()].includes(personId)) return false
  const { settings, by } = await actingSupervisor(db)
  const person = await withPlanningCenter(db, (api) => api.person(personId, 'staff'))
  // Gone from Planning Center: the whole sync deactivates them.
  if (!person) return false
  const at = new Date().toISOString()
  const run = await decideAndApply(db, [person], settings, by, false)
  await db.planningCenter.recordRun({ at, trigger: 'webhook', status: 'done', ...run, error: null }, SYSTEM)
  return true
}
