import { describe, expect, it } from 'vitest'
import { limitedText, namedText, requiredText } from './text-schemas.ts'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message

describe('text fields', () => {
  it('trim, and refuse blank or long text with their own messages', () => {
    const name = requiredText('Say who', 5, 'Too long')
    expect(name.parse('  Ana  ')).toBe('Ana')
    expect(messageOf(name.safeParse('   '))).toBe('Say who')
    expect(messageOf(name.safeParse(undefined))).toBe('Say who')
    expect(messageOf(name.safeParse('Anabel'))).toBe('Too long')
    expect(name.parse(' Anabe ')).toBe('Anabe')
  })

  it('name a required field in both its messages', () => {
    const kiosk = namedText('Kiosk name', 60)
    expect(messageOf(kiosk.safeParse(''))).toBe('Kiosk name is required')
    expect(messageOf(kiosk.safeParse('x'.repeat(61)))).toBe('Kiosk name must be 60 characters or fewer')
    expect(kiosk.parse(` ${'x'.repeat(60)} `)).toBe('x'.repeat(60))
  })

  it('let a limited field be blank', () => {
    const note = limitedText('Note', 3)
    expect(note.parse('  ')).toBe('')
    expect(messageOf(note.safeParse(7))).toBe('Note must be text')
    expect(messageOf(note.safeParse('abcd'))).toBe('Note must be 3 characters or fewer')
  })
})
