import { isConditionFailure, nowIso, table, type Key } from './table.ts'

/**
 * What the background jobs that work through an item in runs (an export, a member import) share:
 * the item is `running` until it ends, listed on the gsi1 partition of its kind while it waits, and
 * held by one run at a time through `claimedUntil`.
 */

/** Takes a running item for one run for `holdMs`; false while another run holds it, or once it ended. */
export const claimRunning = async (key: Key, holdMs: number, now = Date.now()): Promise<boolean> => {
  try {
    await table.update(key, {
      UpdateExpression: 'SET claimedUntil = :until',
      ConditionExpression: '#s = :running AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':until': now + holdMs, ':now': now, ':running': 'running' },
    })
    return true
  } catch (e) {
    if (isConditionFailure(e)) return false
    throw e
  }
}

/**
 * Ends a running item as failed, with the first 500 characters of the error, and off the waiting
 * list. An item another run already ended stays as that run left it (a run that outlived its claim
 * fails late): answers whether this call ended it.
 */
export const failRunning = async (key: Key, error: string): Promise<boolean> => {
  try {
    await table.update(key, {
      UpdateExpression: 'SET #s = :failed, #e = :error, finishedAt = :at REMOVE gsi1pk, gsi1sk, claimedUntil',
      ConditionExpression: '#s = :running',
      ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: {
        ':failed': 'failed',
        ':error': error.slice(0, 500),
        ':at': nowIso(),
        ':running': 'running',
      },
    })
    return true
  } catch (e) {
    if (isConditionFailure(e)) return false
    throw e
  }
}

/** The items of one kind waiting for their job, oldest first (every organization's). */
export const waitingItems = async (gsi1pk: string): Promise<{ orgId: string; id: string }[]> => {
  const items = await table.queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': gsi1pk },
  })
  return items.map((i) => ({ orgId: String(i.orgId), id: String(i.id) }))
}
