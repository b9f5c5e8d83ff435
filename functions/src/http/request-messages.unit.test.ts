import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import spanishErrors from '@app/i18n/locales/es/errors.json' with { type: 'json' }
import { messageKeyOf } from './error-keys.ts'
import { requestIssueMessage } from './request-messages.ts'

const Body = z.object({
  name: z.string().max(5).optional(),
  code: z.string().min(3).optional(),
  count: z.number().int().min(1).max(100).optional(),
  flag: z.boolean().optional(),
  tags: z.array(z.string()).max(2).optional(),
  status: z.enum(['pending', 'approved']).optional(),
  id: z.uuid().optional(),
  needed: z.string().optional(),
})
const Strict = z.strictObject({ language: z.enum(['en', 'es']).optional() })

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: requestIssueMessage }).error!.issues[0]!.message
const inSpanish = (english: string) => {
  const code = messageKeyOf(english)
  expect(code, english).toBeDefined()
  const text = (spanishErrors as Record<string, unknown>)[code!.key] as string
  return text.replace(/{{(\w+)}}/g, (_, name: string) => code!.params![name]!)
}

describe("what a request's schema leaves unsaid", () => {
  it.each([
    [Body, [], 'The request body must be a JSON object', 'El cuerpo de la solicitud debe ser un objeto JSON'],
    [Body, { name: 'too long' }, 'name must be 5 characters or fewer', '«name» debe tener como máximo 5 caracteres'],
    [Body, { code: 'ab' }, 'code must be at least 3 characters', '«code» debe tener al menos 3 caracteres'],
    [Body, { code: 7 }, 'code must be text', '«code» debe ser texto'],
    [Body, { count: 500 }, 'count must be at most 100', '«count» debe ser como máximo 100'],
    [Body, { count: 0 }, 'count must be at least 1', '«count» debe ser como mínimo 1'],
    [Body, { count: 1.5 }, 'count must be a whole number', '«count» debe ser un número entero'],
    [Body, { count: 'abc' }, 'count must be a number', '«count» debe ser un número'],
    [Body, { flag: 'yes' }, 'flag must be true or false', '«flag» debe ser verdadero o falso'],
    [Body, { tags: 'a' }, 'tags must be a list', '«tags» debe ser una lista'],
    [Body, { tags: ['a', 'b', 'c'] }, 'tags may hold at most 2 items', '«tags» puede tener como máximo 2 elementos'],
    [Body, { tags: [1] }, 'tags.0 must be text', '«tags.0» debe ser texto'],
    [
      Body,
      { status: 'bogus' },
      'status must be one of: pending, approved',
      '«status» debe ser uno de: pending, approved',
    ],
    [Body, { id: 'nope' }, 'id is not valid', '«id» no es válido'],
    [Strict, { firstName: '' }, 'Unknown field: firstName', 'Campo desconocido: firstName'],
    [z.object({ needed: z.string() }), {}, 'needed is required', '«needed» es obligatorio'],
  ])('says case %# clearly, with a code', (schema, value, english, spanish) => {
    expect(messageOf(schema, value)).toBe(english)
    expect(inSpanish(english)).toBe(spanish)
  })

  it("never speaks over a schema's own message", () =>
    expect(messageOf(z.object({ n: z.string({ error: 'Name is required' }) }), {})).toBe('Name is required'))
})
