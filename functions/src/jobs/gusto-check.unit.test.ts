import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGustoDouble, type GustoDouble } from '../../../packages/adapters/test/gusto-double.ts'
import { gustoIntegrationCheck } from './gusto-check.ts'

let gusto: GustoDouble
beforeAll(async () => {
  gusto = await startGustoDouble()
})
afterAll(() => gusto.close())

describe('npm run job -- integration-check gusto', () => {
  it('needs an access token', async () => {
    await expect(gustoIntegrationCheck({ baseUrl: gusto.url }, () => {})).rejects.toThrow(/GUSTO_ACCESS_TOKEN/)
  })

  it('skips the time sheet when the company has no employee with a job', async () => {
    const lines: string[] = []
    const out = await gustoIntegrationCheck({ accessToken: gusto.token, baseUrl: gusto.url }, (l) => lines.push(l))
    expect(out.timeSheet).toMatch(/^skipped/)
    expect(lines[0]).toBe(`company ${gusto.company}`)
  })

  it('creates, updates and deletes one time sheet, leaving the company as it was, every call by the schema', async () => {
    gusto.addEmployee({ first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.org' })
    gusto.addPolicy('Vacation', 'vacation')
    const lines: string[] = []
    const out = await gustoIntegrationCheck({ accessToken: gusto.token, baseUrl: gusto.url }, (l) => lines.push(l))
    expect(out).toEqual({ company: gusto.company, timeSheet: 'created, updated and deleted' })
    expect(lines).toContain('time-off policies: Vacation')
    expect(gusto.calls.map((c) => c.method).slice(-3)).toEqual(['POST', 'PUT', 'DELETE'])
    expect(gusto.timeSheets.size).toBe(0)
    expect(gusto.violations).toEqual([])
  })

  it("stops at the first refusal with Gusto's words", async () => {
    await expect(gustoIntegrationCheck({ accessToken: 'expired', baseUrl: gusto.url }, () => {})).rejects.toThrow(
      'Gusto answered 401: The access token expired',
    )
  })
})
