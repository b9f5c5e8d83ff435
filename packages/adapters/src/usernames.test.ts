import { describe, expect, it } from 'vitest'
import { usernameBase, usernameCandidates } from './usernames.ts'

const first = <T>(n: number, it: Iterator<T>): T[] => Array.from({ length: n }, () => it.next().value as T)

describe('usernames', () => {
  it('are Latin letters a phone keyboard types: other scripts transliterated, accents and symbols dropped', () => {
    expect(usernameBase('Ruth', 'Okafor')).toBe('ruth.okafor')
    expect(usernameBase('José María', "O'Núñez-Díaz")).toBe('josemaria.onunezdiaz')
    expect(usernameBase('Анна', 'Иванова')).toBe('anna.ivanova')
    expect(usernameBase('محمد', 'علي')).toMatch(/^[a-z]+\.[a-z]+$/)
    expect(usernameBase('김', '민준')).toBe('gim.minjun')
    expect(usernameBase('王', '小明')).toBe('wang.xiaoming')
    expect(usernameBase('Ana2', '')).toBe('ana')
    expect(usernameBase('🙂', '')).toBe('member')
    expect(usernameBase('A'.repeat(40), 'b'.repeat(40))).toBe(`${'a'.repeat(20)}.${'b'.repeat(20)}`)
  })

  it('always carry a random tag without look-alike letters, so a taken name reveals no other tenant', () => {
    const names = first(200, usernameCandidates('Ana', 'Silva'))
    for (const name of names) expect(name).toMatch(/^ana\.silva\.[a-hj-km-np-z]{4,}$/)
    expect(names[0]).not.toBe('ana.silva')
    // Random: 200 tries of one name are (almost) all different.
    expect(new Set(names.slice(0, 8)).size).toBeGreaterThanOrEqual(7)
  })

  it('never run out: the tag grows a letter every 8 tries, even when every draw is the same', () => {
    const names = first(
      40,
      usernameCandidates('Ana', 'Silva', () => 0),
    )
    expect(names.slice(0, 8)).toEqual(Array(8).fill('ana.silva.aaaa'))
    expect(names[8]).toBe('ana.silva.aaaaa')
    expect(names[39]).toBe('ana.silva.aaaaaaaa')
    expect(new Set(names).size).toBe(5)
    // Each draw picks from the whole alphabet.
    expect(
      first(
        1,
        usernameCandidates('A', 'B', (max) => max - 1),
      )[0],
    ).toBe('a.b.zzzz')
  })
})
