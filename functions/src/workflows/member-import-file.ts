/** A directory's file read into rows: what only the import's routes need (csv-parse and exceljs stay in their bundles). */
import { parse } from 'csv-parse/sync'
import { AppError, badRequest, IMPORT_MAX_ROWS, importMessages, type ImportRow } from '@app/core'

/** A file's column titles (in order) and its rows under them. */
export interface ImportFile {
  columns: string[]
  rows: ImportRow[]
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** The columns' separator of a CSV: the one its title row uses most (Spanish Excel writes ';'). */
const separatorOf = (text: string) => {
  const title = text.slice(0, text.search(/\r?\n|$/))
  const counts = [',', ';', '\t'].map((c) => [c, title.split(c).length] as const)
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0]
}

/** Titles made unique and trimmed (a byte-order mark dropped); an untitled column is named by its position. */
const titlesOf = (cells: string[]) => {
  const seen = new Map<string, number>()
  return cells.map((cell, i) => {
    const base = cell.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return n === 1 ? base : `${base} (${n})`
  })
}

const fileOf = (table: string[][]): ImportFile => {
  const [head, ...body] = table
  if (!head || !body.some((r) => r.some((c) => c.trim()))) throw badRequest(importMessages.empty)
  const columns = titlesOf(head)
  const rows: ImportRow[] = []
  body.forEach((cells, i) => {
    if (!cells.some((c) => c.trim())) return // a blank line is no one
    rows.push({ line: i + 2, cells: Object.fromEntries(columns.map((c, j) => [c, cells[j] ?? ''])) })
  })
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(importMessages.tooManyRows)
  return { columns, rows }
}

const readCsv = (bytes: Buffer): ImportFile => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  // A binary file (a PDF, an old .xls) is not text a person wrote.
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 100)
    throw badRequest(importMessages.notCsvOrXlsx)
  try {
    const table = parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][]
    return fileOf(table)
  } catch (e) {
    if (e instanceof AppError) throw e
    throw badRequest(importMessages.notCsvOrXlsx)
  }
}

const readXlsx = async (bytes: Buffer): Promise<ImportFile> => {
  // Loaded for a spreadsheet only: evaluating exceljs (1.1 MB) at import cost every preview's cold start.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw badRequest(importMessages.notCsvOrXlsx)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw badRequest(importMessages.empty)
  const width = sheet.columnCount
  const table: string[][] = []
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    table.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).text ?? ''))
  }
  return fileOf(table)
}

/** A CSV (UTF-8, a byte-order mark or not; comma, semicolon or tab) or the first sheet of an XLSX, by its content. */
export const readImportFile = async (bytes: Buffer): Promise<ImportFile> =>
  ZIP_MAGIC.every((b, i) => bytes[i] === b) ? readXlsx(bytes) : readCsv(bytes)
