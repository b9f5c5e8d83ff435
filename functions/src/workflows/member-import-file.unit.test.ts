import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

/**
 * Reads `files` (base64) with readImportFile in a fresh Node process (this worker may hold exceljs
 * already) and says, after importing the reader and after each file, whether exceljs was loaded.
 */
const loadedAfter = (files: string[]) => {
  const reader = pathToFileURL(join(import.meta.dirname, 'member-import-file.ts')).href
  const script = `
    import { createRequire } from 'node:module'
    const cache = createRequire(import.meta.url).cache
    const excel = () => Object.keys(cache).some((f) => f.includes('/node_modules/exceljs/'))
    const { readImportFile } = await import(${JSON.stringify(reader)})
    const seen = [excel()]
    for (const file of JSON.parse(process.env.FILES)) {
      const read = await readImportFile(Buffer.from(file, 'base64'))
      seen.push([read.columns, read.rows.length, excel()])
    }
    console.log(JSON.stringify(seen))`
  const out = execFileSync(
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, '--input-type=module', '-e', script],
    { encoding: 'utf8', env: { ...process.env, FILES: JSON.stringify(files) } },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as unknown[]
}

describe('reading an import file', () => {
  it('evaluates exceljs for a spreadsheet only: a CSV preview never loads it', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('People').addRows([
      ['Nombre', 'Correo electrónico'],
      ['Ana', 'ana@grace.example'],
    ])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64')
    const csv = Buffer.from('First name,Email\r\nRuth,ruth@grace.example\r\n').toString('base64')
    expect(loadedAfter([csv, xlsx])).toEqual([
      false,
      [['First name', 'Email'], 1, false],
      [['Nombre', 'Correo electrónico'], 1, true],
    ])
  }, 60_000)
})
