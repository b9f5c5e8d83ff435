import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { unzip, zip } from './zip.ts'

describe('zip', () => {
  it('holds exactly the files given, byte for byte, whatever their pieces (a law)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({ name: fc.stringMatching(/^[a-zñé0-9_/-]{1,20}\.(csv|json)$/), pieces: fc.array(fc.string()) }),
          { selector: (e) => e.name, maxLength: 8 },
        ),
        async (entries) => {
          const files = unzip(await zip(entries.map((e) => ({ name: e.name, data: () => e.pieces }))))
          expect([...files.keys()]).toEqual(entries.map((e) => e.name))
          for (const e of entries) expect(files.get(e.name)!.toString('utf8')).toBe(e.pieces.join(''))
        },
      ),
      { numRuns: 50 },
    )
  })

  it('deflates a file of many blocks as it comes, a row at a time', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},Zoë Ruiz,${'x'.repeat(i % 40)}\r\n`)
    const files = unzip(await zip([{ name: 'big.csv', data: () => rows }]))
    expect(files.get('big.csv')!.toString('utf8')).toBe(rows.join(''))
  })

  it('is read by the system unzip when there is one (python3 -m zipfile -t)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'))
    const file = join(dir, 'export.zip')
    writeFileSync(
      file,
      await zip([
        { name: 'members.csv', data: () => ['Name\r\n', 'Ana Ruiz\r\n'] },
        { name: 'año/ñ.json', data: () => ['{}'] },
      ]),
    )
    let out: string
    try {
      out = execFileSync('python3', ['-m', 'zipfile', '-l', file], { encoding: 'utf8' })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return // no python on this machine: the law above holds
      throw e
    }
    expect(out).toContain('members.csv')
    expect(out).toContain('año/ñ.json')
    expect(execFileSync('python3', ['-m', 'zipfile', '-t', file], { encoding: 'utf8' })).toContain('Done testing')
  })

  it('writes every header field where APPNOTE puts it (the bytes of a known archive)', async () => {
    const at = new Date('2026-11-28T13:45:31Z')
    const archive = await zip([{ name: 'members.csv', data: () => ['Name\r\n', 'Ana Ruiz\r\n'] }], at)
    const packed = deflateRawSync('Name\r\nAna Ruiz\r\n').toString('hex')
    const sizes = `${Buffer.from([packed.length / 2, 0, 0, 0]).toString('hex')}10000000`
    const name = Buffer.from('members.csv').toString('hex')
    const crcTimeDate = '0800af6d7c5d54b11b41'
    const local = `504b030414000008${crcTimeDate}${sizes}0b000000${name}${packed}`
    const central = `504b0102140014000008${crcTimeDate}${sizes}0b00${'00'.repeat(16)}${name}`
    const end = `504b0506000000000100010039000000${Buffer.from([local.length / 2, 0, 0, 0]).toString('hex')}0000`
    expect(archive.toString('hex')).toBe(`${local}${central}${end}`)
  })

  it('refuses an archive whose content was changed', async () => {
    const archive = await zip([{ name: 'a.csv', data: () => ['x'.repeat(100)] }])
    archive[40] = archive[40]! ^ 0xff
    expect(() => unzip(archive)).toThrow()
  })
})
