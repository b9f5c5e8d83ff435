import { afterEach, describe, expect, it, vi } from 'vitest'
import { installLambdaConsole, withRequestId } from '@app/local/src/lambda-logs.ts'
import { outboxMetricsLine, writeMetrics } from './retry-emails.ts'

/**
 * The rules of CloudWatch's embedded metric format specification
 * (docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * a log event that is one JSON object whose `_aws` member holds an integer `Timestamp` (ms since
 * the epoch) and a `CloudWatchMetrics` array of directives; each directive has a `Namespace`
 * string, `Dimensions` (an array of dimension sets, each an array of at most 30 names of
 * top-level string members) and `Metrics` (at most 100 `{Name, Unit?, StorageResolution?}`), and
 * every metric's `Name` is a top-level member holding a number (or an array of at most 100
 * numbers). Returns what breaks them.
 */
const units = new Set(
  'Seconds Microseconds Milliseconds Bytes Kilobytes Megabytes Gigabytes Terabytes Bits Kilobits Megabits Gigabits Terabits Percent Count Bytes/Second Kilobytes/Second Megabytes/Second Gigabytes/Second Terabytes/Second Bits/Second Kilobits/Second Megabits/Second Gigabits/Second Terabits/Second Count/Second None'.split(
    ' ',
  ),
)
const emfErrors = (event: string): string[] => {
  let root: Record<string, unknown>
  try {
    root = JSON.parse(event) as Record<string, unknown>
  } catch {
    return ['not JSON']
  }
  if (!root || typeof root !== 'object' || Array.isArray(root)) return ['not a JSON object']
  const errors: string[] = []
  const aws = root._aws as { Timestamp?: unknown; CloudWatchMetrics?: unknown } | undefined
  if (!aws || typeof aws !== 'object') return ['no _aws member']
  if (!Number.isInteger(aws.Timestamp) || (aws.Timestamp as number) < 0) errors.push('_aws.Timestamp is not ms')
  if (!Array.isArray(aws.CloudWatchMetrics)) return [...errors, 'no CloudWatchMetrics array']
  for (const d of aws.CloudWatchMetrics as Record<string, unknown>[]) {
    if (typeof d.Namespace !== 'string' || !d.Namespace || d.Namespace.length > 1024) errors.push('bad Namespace')
    if (!Array.isArray(d.Dimensions)) errors.push('no Dimensions array')
    for (const set of (d.Dimensions as unknown[]) ?? []) {
      if (!Array.isArray(set) || set.length > 30) errors.push('a dimension set is not an array of at most 30')
      for (const name of (set as unknown[]) ?? [])
        if (typeof name !== 'string' || typeof root[name] !== 'string') errors.push(`dimension ${String(name)}`)
    }
    if (!Array.isArray(d.Metrics) || d.Metrics.length > 100) errors.push('Metrics is not an array of at most 100')
    for (const m of (d.Metrics as Record<string, unknown>[]) ?? []) {
      const name = m.Name
      if (typeof name !== 'string' || !name || name.length > 1024) errors.push('bad metric Name')
      if (m.Unit !== undefined && !units.has(m.Unit as string)) errors.push(`unknown Unit ${String(m.Unit)}`)
      if (m.StorageResolution !== undefined && ![1, 60].includes(m.StorageResolution as number))
        errors.push('bad StorageResolution')
      const value = root[name as string]
      const numbers = Array.isArray(value) ? value : [value]
      if (!numbers.length || numbers.length > 100 || !numbers.every((n) => typeof n === 'number' && Number.isFinite(n)))
        errors.push(`metric ${String(name)} has no numeric value`)
    }
  }
  return errors
}

afterEach(() => vi.restoreAllMocks())

describe("the retry job's metrics", () => {
  const line = outboxMetricsLine({ tried: 3, sent: 2 }, { oldestDueSeconds: 4000, dead: 1 }, 1_700_000_000_000)

  it('is one embedded metric format document, exactly', () => {
    expect(line).toBe(
      '{"_aws":{"Timestamp":1700000000000,"CloudWatchMetrics":[{"Namespace":"MinistryTimesheets","Dimensions":[[]],' +
        '"Metrics":[{"Name":"EmailOutboxOldestDueSeconds","Unit":"Seconds"},{"Name":"EmailOutboxDead","Unit":"Count"}]}]},' +
        '"event":"email-retry","tried":3,"sent":2,"EmailOutboxOldestDueSeconds":4000,"EmailOutboxDead":1}',
    )
    expect(emfErrors(line)).toEqual([])
  })

  it('the check knows a broken document when it sees one', () => {
    expect(emfErrors(line.replace('"EmailOutboxDead":1', '"EmailOutboxDead":"1"'))).toEqual([
      'metric EmailOutboxDead has no numeric value',
    ])
    expect(emfErrors(line.replace('"Unit":"Count"', '"Unit":"Emails"'))).toEqual(['unknown Unit Emails'])
    expect(emfErrors(line.replace('"Dimensions":[[]]', '"Dimensions":[["stage"]]'))).toEqual(['dimension stage'])
    expect(emfErrors(JSON.stringify({ message: line }))).toEqual(['no _aws member'])
  })

  it("reaches the log as it is under Lambda's JSON log format, where console.log would wrap it in message", () => {
    const records: string[] = []
    const restore = installLambdaConsole((l) => records.push(l))
    const written: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      withRequestId('req-1', () => {
        writeMetrics(line)
        console.log(line)
      })
    } finally {
      restore()
    }
    // What the job writes: the document itself, one line, which CloudWatch extracts.
    expect(written).toEqual([`${line}\n`])
    expect(emfErrors(written[0]!.trimEnd())).toEqual([])
    // What console.log would have written: a Lambda record with the document as a string.
    expect(records).toHaveLength(1)
    const record = JSON.parse(records[0]!) as Record<string, unknown>
    expect(record).toMatchObject({ level: 'INFO', requestId: 'req-1', message: line })
    expect(emfErrors(records[0]!)).toEqual(['no _aws member'])
  })
})
