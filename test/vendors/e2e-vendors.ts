import { startQuickbooksDouble } from './quickbooks-double.ts'

/**
 * The vendors the browser tests' stack talks to: local doubles (test fixtures), started beside the
 * stack before it, so its settings and `<VENDOR>_BASE_URL` point at them from the start (the stack's
 * handlers read the environment it was started with). The doubles' people and classes are fixed:
 * a browser test matches its fresh members to them with the pickers.
 */
export const E2E_QUICKBOOKS = {
  employees: [
    { Id: '55', GivenName: 'Dana', FamilyName: 'Reyes', email: 'dana.reyes@books.example' },
    { Id: '56', GivenName: 'Eli', FamilyName: 'Moss' },
  ],
  classes: [
    { Id: '7', Name: 'General Fund' },
    { Id: '8', Name: 'Youth Grant' },
  ],
}

export const startE2eVendors = async () => {
  const quickbooks = await startQuickbooksDouble(E2E_QUICKBOOKS)
  return {
    env: { ...quickbooks.settings },
    stop: () => quickbooks.stop(),
  }
}
