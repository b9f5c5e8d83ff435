import type { ReactElement } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { createQueryClient } from '../src/api/query-client.ts'
import { Toaster } from '../src/components/Toaster.tsx'
import { AppRoutes } from '../src/router.tsx'

/** Shows the router's current path, so tests can see client-side navigations. */
function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Renders `ui` (the whole app's routes by default) at `path`, with a fresh query client and the toaster. */
export function renderApp(path = '/', ui: ReactElement = <AppRoutes />) {
  const queryClient = createQueryClient()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}

/** The texts of a table's column headers, in order. */
export const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)

/** The texts of a select's options, in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

/** The values of the form controls labelled `labels` in `scope`, by label: compare with the values expected. */
export const fieldValues = (scope: ReturnType<typeof within>, labels: readonly string[]) =>
  Object.fromEntries(labels.map((label) => [label, (scope.getByLabelText(label) as HTMLInputElement).value]))

/**
 * Whether a button cannot be pressed for now: disabled, or, while it has the focus (the one just
 * pressed), marked aria-disabled so it keeps the focus (`Button`).
 */
export const isUnavailable = (element: Element) =>
  (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true'
