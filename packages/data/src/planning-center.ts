import * as z from 'zod'
import { decryptSecret, encryptSecret } from '@app/adapters'
import { conflict, PlanningCenterChoices, planningCenterMessages, PlanningCenterRunView } from '@app/core'
import { auditRecord, type Actor, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

/**
 * Planning Center People, the data the sync keeps beside the framework's connection: the lists
 * chosen for staff and volunteers and the departments new members get, the webhook subscriptions'
 * authenticity secrets (sealed), the account's organization id (a global lookup item, so a
 * webhook delivery finds its organization), the link of each member to their person (the
 * framework's match items, kind `people`), and the last run.
 */
const VENDOR = 'planning-center'
const sealing = (orgId: string) => ({ purpose: 'planning-center-webhooks', orgId })

export const PlanningCenterSettings = PlanningCenterChoices.extend({
  /** The supervisor who chose the lists: new members' approver, and who the sync's changes are made as. */
  chosenBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable().default(null),
})
export type PlanningCenterSettings = z.infer<typeof PlanningCenterSettings>

const Stored = PlanningCenterSettings.extend({ sealedWebhookSecrets: z.string().nullable().optional() })

export const DEFAULT_PLANNING_CENTER_SETTINGS: PlanningCenterSettings = {
  staffListId: null,
  volunteersListId: null,
  staffDepartment: 'Staff',
  volunteersDepartment: 'Volunteers',
  accountId: null,
  webhookSecrets: 0,
  chosenBy: null,
}

/** A sync's run, stored as the page shows it. */
export const PlanningCenterRun = PlanningCenterRunView
export type PlanningCenterRun = PlanningCenterRunView

/** The most changes and problems a run keeps for the page (the counts are whole). */
export const RUN_ITEMS_KEPT = 200

export const planningCenterOf = (orgId: string) => {
  const stored = async () => {
    const item = await table.get(keys.planningCenterSettings(orgId))
    return item ? Stored.parse(item) : undefined
  }
  return {
    async settings(): Promise<PlanningCenterSettings> {
      const item = await stored()
      return item ? PlanningCenterSettings.parse(item) : DEFAULT_PLANNING_CENTER_SETTINGS
    },

    /** The webhook subscriptions' authenticity secrets, opened. */
    async webhookSecrets(): Promise<string[]> {
      const item = await stored()
      if (!item?.sealedWebhookSecrets) return []
      return JSON.parse(await decryptSecret(item.sealedWebhookSecrets, sealing(orgId))) as string[]
    },

    /**
     * Stores the lists and departments (and the webhook secrets when given: they replace the
     * ones kept), with the audit record; the organization joins the nightly reconciliation once a
     * list is chosen.
     */
    async save(
      next: Omit<PlanningCenterSettings, 'accountId' | 'webhookSecrets' | 'chosenBy'>,
      secrets: string[] | undefined,
      actor: Person,
    ): Promise<PlanningCenterSettings> {
      const before = await stored()
      const sealed =
        secrets === undefined
          ? (before?.sealedWebhookSecrets ?? null)
          : secrets.length
            ? await encryptSecret(JSON.stringify(secrets), sealing(orgId))
            : null
      const item = {
        ...next,
        accountId: before?.accountId ?? null,
        webhookSecrets: secrets === undefined ? (before?.webhookSecrets ?? 0) : secrets.length,
        sealedWebhookSecrets: sealed,
        chosenBy: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
      }
      const synced = Boolean(next.staffListId || next.volunteersListId)
      await table.transact([
        {
          Put: {
            Item: {
              ...keys.planningCenterSettings(orgId),
              ...item,
              ...(synced ? { gsi1pk: keys.planningCenterSynced, gsi1sk: orgId, orgId } : {}),
            },
          },
        },
        auditRecord(orgId, actor, {
          action: 'integration.matched',
          subject: { type: 'organization' },
          changes: [
            { field: 'Planning Center staff list', before: before?.staffListId ?? null, after: next.staffListId },
            {
              field: 'Planning Center volunteers list',
              before: before?.volunteersListId ?? null,
              after: next.volunteersListId,
            },
            ...(secrets === undefined
              ? []
              : [
                  {
                    field: 'Planning Center webhook secrets',
                    before: before?.webhookSecrets ?? 0,
                    after: secrets.length,
                  },
                ]),
          ],
        }),
      ])
      return PlanningCenterSettings.parse(item)
    },

    /**
     * Records the Planning Center organization the connection reaches, and the lookup from it to
     * this organization. 409 when another organization here is connected to it now.
     */
    async setAccount(accountId: string): Promise<void> {
      // An organization that disconnected since gives the account up: the lookup then names us.
      const holder = await table.get(keys.planningCenterAccount(accountId))
      const free =
        holder &&
        holder.orgId !== orgId &&
        !(await table.get(keys.integration(String(holder.orgId), VENDOR)))?.sealedTokens
      try {
        await table.transact([
          {
            Put: {
              Item: { ...keys.planningCenterAccount(accountId), orgId },
              ConditionExpression: free ? 'orgId = :h' : 'attribute_not_exists(pk) OR orgId = :o',
              ExpressionAttributeValues: free ? { ':h': holder.orgId } : { ':o': orgId },
            },
          },
          {
            Update: {
              Key: keys.planningCenterSettings(orgId),
              UpdateExpression:
                'SET accountId = :a, staffListId = if_not_exists(staffListId, :none), volunteersListId = if_not_exists(volunteersListId, :none), staffDepartment = if_not_exists(staffDepartment, :sd), volunteersDepartment = if_not_exists(volunteersDepartment, :vd), webhookSecrets = if_not_exists(webhookSecrets, :zero)',
              ExpressionAttributeValues: {
                ':a': accountId,
                ':none': null,
                ':sd': DEFAULT_PLANNING_CENTER_SETTINGS.staffDepartment,
                ':vd': DEFAULT_PLANNING_CENTER_SETTINGS.volunteersDepartment,
                ':zero': 0,
              },
            },
          },
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw conflict(planningCenterMessages.accountTaken)
        throw e
      }
    },

    /** Each linked member's Planning Center person id, by member id. */
    async links(): Promise<Map<string, string>> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.integrationMatchesPrefix(VENDOR, 'people'))
      return new Map(items.map((i) => [String(i.ourId), String(i.vendorId)]))
    },

    /** Links a member to their Planning Center person (the first sync, by email or once added). */
    link: (memberId: string, personId: string, name: string) =>
      table.put({
        ...keys.integrationMatch(orgId, VENDOR, 'people', memberId),
        ourId: memberId,
        vendorId: personId,
        vendorName: name,
      }),

    async lastRun(): Promise<PlanningCenterRun | undefined> {
      const item = await table.get(keys.planningCenterRun(orgId))
      return item ? PlanningCenterRun.parse(item) : undefined
    },

    /** A run finished: kept as the last run, with its audit record (the trail keeps every run). */
    async recordRun(run: PlanningCenterRun, actor: Actor) {
      const kept = {
        ...run,
        changes: run.changes.slice(0, RUN_ITEMS_KEPT),
        problems: run.problems.slice(0, RUN_ITEMS_KEPT),
      }
      await table.transact([
        { Put: { Item: { ...keys.planningCenterRun(orgId), ...kept, updatedAt: nowIso() } } },
        auditRecord(orgId, actor, {
          action: 'integration.synced',
          subject: { type: 'organization' },
          changes: [
            { field: 'Planning Center', before: null, after: run.status },
            ...(['new', 'updated', 'unchanged', 'refused', 'deactivated'] as const).map((k) => ({
              field: k,
              before: null,
              after: run.counts[k],
            })),
            ...(run.error ? [{ field: 'error', before: null, after: run.error }] : []),
          ],
        }),
      ])
    },
  }
}

/** The organization here that a Planning Center organization is connected to, if any. */
export const organizationOfPlanningCenter = async (accountId: string): Promise<string | undefined> => {
  const item = await table.get(keys.planningCenterAccount(accountId))
  return item ? String(item.orgId) : undefined
}

/** Every organization whose lists the nightly reconciliation syncs. */
export const planningCenterOrganizations = async (): Promise<string[]> => {
  const items = await table.queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': keys.planningCenterSynced },
  })
  return items.map((i) => String(i.orgId))
}
