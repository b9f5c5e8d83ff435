import { describe, expect, it } from 'vitest'
import type { GustoEmployee, GustoPolicy } from '@app/adapters'
import type { User } from '@app/core'
import { gustoMatchingOf } from './gusto-connection.ts'

const member = (id: string, firstName: string, lastName: string, email: string | null) =>
  ({ id, firstName, lastName, email }) as User
const employee = (
  uuid: string,
  first_name: string,
  last_name: string,
  email: string | null,
  extra = {},
): GustoEmployee => ({
  uuid,
  first_name,
  last_name,
  email,
  terminated: false,
  jobs: [
    { uuid: `${uuid}-other`, primary: false },
    { uuid: `${uuid}-job`, primary: true },
  ],
  ...extra,
})
const policy = (uuid: string, name: string, policy_type: string, is_active = true) =>
  ({ uuid, name, policy_type, is_active }) satisfies GustoPolicy

describe('gustoMatchingOf', () => {
  it('matches by email, then by name, one to one, with the primary job; terminated employees never', () => {
    const m = gustoMatchingOf(
      [
        member('ana', 'Ana', 'Diaz', 'ana@example.org'),
        member('ben', 'Ben', 'Okafor', null),
        member('cy', 'Cy', 'Park', 'cy@example.org'),
      ],
      [
        employee('g-ana', 'Ana M.', 'Diaz', 'ANA@example.org'),
        employee('g-ben', 'Ben', 'Okafor', 'other@example.org'),
        employee('g-cy', 'Cy', 'Park', 'cy@example.org', { terminated: true }),
      ],
      [],
    )
    expect(m.employees).toEqual({
      ana: { employeeUuid: 'g-ana', jobUuid: 'g-ana-job' },
      ben: { employeeUuid: 'g-ben', jobUuid: 'g-ben-job' },
    })
  })

  it('keeps a supervisor’s chosen pair', () => {
    const m = gustoMatchingOf(
      [member('ana', 'Ana', 'Diaz', null)],
      [employee('g-x', 'Anna', 'Dias', null)],
      [],
      [{ memberId: 'ana', vendorId: 'g-x' }],
    )
    expect(m.employees.ana?.employeeUuid).toBe('g-x')
  })

  it('matches leave to the one active policy of its type or name, never to two', () => {
    const m = gustoMatchingOf(
      [],
      [],
      [
        policy('p-vac', 'Paid vacation', 'vacation'),
        policy('p-old', 'Old vacation', 'vacation', false),
        policy('p-sick-1', 'Sick A', 'sick'),
        policy('p-sick-2', 'Sick B', 'sick'),
        policy('p-hol', 'Holiday pay', 'custom'),
      ],
    )
    expect(m.policies).toEqual({ vacation: 'p-vac', holiday: 'p-hol' })
  })
})
