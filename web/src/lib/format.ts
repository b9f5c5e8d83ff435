/** An ISO timestamp as a long date ('March 4, 2026'); text that is not a date is shown as it is. */
export const formatDate = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}
