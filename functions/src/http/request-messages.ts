import type * as z from 'zod'

/**
 * What a request's own schema leaves unsaid, in words a client can act on: the field by its name
 * and what it must be, never zod's internal wording ('Invalid input: expected object, received
 * array'). A schema's own message always wins (zod asks this only for issues without one); each
 * text is in the `errors` catalogue, so it carries a code and reads in Spanish too.
 */
const TYPES: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
}

const listed = (values: readonly unknown[]) => values.map((v) => String(v)).join(', ')

export const requestIssueMessage = (issue: z.core.$ZodRawIssue): string => {
  const path = issue.path ?? []
  if (!path.length && issue.code === 'invalid_type' && issue.expected === 'object')
    return 'The request body must be a JSON object'
  const label = path.length ? path.map(String).join('.') : 'The request body'
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${label} is required`
      return `${label} ${TYPES[issue.expected] ?? 'is not valid'}`
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be ${issue.maximum} characters or fewer`
      if (issue.origin === 'array') return `${label} may hold at most ${issue.maximum} items`
      return `${label} must be at most ${issue.maximum}`
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${issue.minimum} characters`
      if (issue.origin === 'array') return `${label} must hold at least ${issue.minimum} items`
      return `${label} must be at least ${issue.minimum}`
    case 'invalid_value':
      return `${label} must be one of: ${listed(issue.values)}`
    case 'unrecognized_keys':
      return `Unknown field: ${listed(issue.keys)}`
    default:
      return `${label} is not valid`
  }
}
