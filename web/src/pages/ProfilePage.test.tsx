import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const show = (user = makeUser()) => {
  mockFetch({
    'GET /api/auth/user': { body: user },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
  })
  renderApp('/profile')
}

describe('ProfilePage', () => {
  it('shows a supervisor from the external provider with every detail', async () => {
    show()
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy()
    expect(screen.getByText('Supervisor', { selector: 'span' })).toBeTruthy()
    expect(screen.getByText('grace@example.org')).toBeTruthy()
    expect(screen.getByText('Worship')).toBeTruthy()
    expect(screen.getByText('Member since January 5, 2026')).toBeTruthy()
    expect(screen.getByText('user-1')).toBeTruthy()
    expect(screen.getByText('External Provider Account')).toBeTruthy()
    expect(screen.getByText('February 10, 2026')).toBeTruthy()
    expect(screen.getByText('org-1')).toBeTruthy()
    expect(screen.getAllByText('GH').length).toBeGreaterThan(0)
  })

  it('shows a staff account as Employee and Local Account, without missing fields', async () => {
    show(makeUser({ role: 'employee', authType: 'local', email: null, department: null, username: 'gh1234' }))
    expect(await screen.findByText('Employee')).toBeTruthy()
    expect(screen.getByText('Local Account')).toBeTruthy()
    expect(screen.getByText('gh1234')).toBeTruthy()
    expect(screen.queryByText('Email:')).toBeNull()
    expect(screen.queryByText('Department:')).toBeNull()
  })

  it('shows volunteers as Volunteer', async () => {
    show(makeUser({ role: 'volunteer' }))
    expect(await screen.findByText('Volunteer', { selector: 'span' })).toBeTruthy()
  })
})
