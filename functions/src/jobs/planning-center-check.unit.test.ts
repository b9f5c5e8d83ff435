import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PAT,
  PCO_ORGANIZATION,
  doublePerson,
  startPlanningCenterDouble,
  type PlanningCenterDouble,
} from '../../../test/vendors/planning-center-double.ts'
import { planningCenterIntegrationCheck } from './planning-center-check.ts'

let pco: PlanningCenterDouble
beforeAll(async () => {
  pco = await startPlanningCenterDouble({
    campuses: [{ id: 'c1', name: 'North' }],
    lists: [
      { id: '31', name: 'Staff', people: ['1', '2'] },
      { id: '32', name: 'Volunteers', people: ['2'] },
    ],
    people: [doublePerson('1', 'Ana', 'Ruiz', 'ana@grace.example', 'c1'), doublePerson('2', 'Bo', 'Li', null)],
  })
})
afterAll(() => pco.stop())

describe('npm run job -- integration-check planning-center', () => {
  it('reads the organization, the lists and one list’s people with a personal access token, as documented', async () => {
    const lines: string[] = []
    const result = await planningCenterIntegrationCheck({ ...PAT, base: pco.base, listId: '32' }, (l) => lines.push(l))
    expect(result).toEqual({ organization: PCO_ORGANIZATION, lists: 2, people: 1, requests: 3 })
    expect(lines).toEqual([
      `organization ${PCO_ORGANIZATION} (Grace Church)`,
      '2 lists: Staff, Volunteers',
      'list Volunteers: 1 people, 0 with an email, 0 with a primary campus',
    ])
    expect(pco.contractProblems).toEqual([])
    expect(pco.apiRequests.every((r) => r.method === 'GET')).toBe(true)
  })

  it('takes the first list when none is named, and needs a token', async () => {
    const lines: string[] = []
    await planningCenterIntegrationCheck({ ...PAT, base: pco.base }, (l) => lines.push(l))
    expect(lines[2]).toBe('list Staff: 2 people, 1 with an email, 1 with a primary campus')
    await expect(planningCenterIntegrationCheck({ base: pco.base }, () => {})).rejects.toThrow(
      /PLANNING_CENTER_APPLICATION_ID/,
    )
    await expect(
      planningCenterIntegrationCheck({ applicationId: 'x', secret: 'y', base: pco.base }, () => {}),
    ).rejects.toMatchObject({ status: 401 })
  })
})
