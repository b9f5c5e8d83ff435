import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  attachment,
  bulkCsvHeader,
  bulkCsvRow,
  csvCell,
  csvLines,
  hundredthsOfDays,
  timesheetCsv,
  toCsv,
  type CsvPerson,
} from './csv.ts'
import { Timesheet } from './timesheet.ts'

/** A minimal RFC 4180 reader, to show that what we write reads back as the cells we meant. */
const readCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted) {
      if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') {
      quoted = true
    } else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else {
      cell += c
    }
  }
  return rows
}

describe('csvCell', () => {
  /** Each cell, as csvCell writes it. */
  const writes = (cases: [string | number, string][]) => {
    for (const [cell, written] of cases) expect(csvCell(cell), String(cell)).toBe(written)
  }

  it('neutralises every character a spreadsheet would start a formula with', () =>
    writes([
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+1', "'+1"],
      ['-2', "'-2"],
      ['@cmd', "'@cmd"],
      ['\tx', "'\tx"],
      ['\rx', '"\'\rx"'],
    ]))

  it('leaves a formula character alone when it is not the first, and numbers as numbers', () =>
    writes([
      ['a=b', 'a=b'],
      ['x-1', 'x-1'],
      [' =1', ' =1'],
      [-2, '-2'],
      [7.5, '7.5'],
      [0, '0'],
    ]))

  it('quotes cells holding a quote, a comma or a line break, doubling the quotes', () =>
    writes([
      ['Smith, John', '"Smith, John"'],
      ['say "hi"', '"say ""hi"""'],
      ['a\nb', '"a\nb"'],
      ['a\rb', '"a\rb"'],
      ['=1,2', '"\'=1,2"'],
      ['plain', 'plain'],
    ]))

  it('writes null and undefined as an empty cell', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell('')).toBe('')
  })

  it('reads back as the text it was given, never starting with a formula character', () =>
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const back = readCsv(toCsv(rows).slice(1))
          expect(back).toHaveLength(rows.length)
          back.forEach((row, r) =>
            row.forEach((cell, c) => {
              const original = rows[r]![c]!
              expect(cell).toBe(/^[=+\-@\t\r]/.test(original) ? `'${original}` : original)
              expect(cell).not.toMatch(/^[=+\-@\t\r]/)
            }),
          )
        },
      ),
    ))
})

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('\uFEFFa,b\r\n1,\r\n')
    expect(toCsv([[]])).toBe('\uFEFF\r\n')
  })

  it('is what csvLines gives a line at a time, for any rows (a law)', () => {
    const cell = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined))
    fc.assert(
      fc.property(fc.array(fc.array(cell), { minLength: 1, maxLength: 6 }), (rows) => {
        expect([...csvLines(rows)].join('')).toBe(toCsv(rows))
      }),
    )
  })
})

const person = (firstName: string, lastName: string, department: string | null = null): CsvPerson => ({
  firstName,
  lastName,
  department,
})

const sheet = (fields: Partial<Timesheet>): Timesheet =>
  Timesheet.parse({
    id: 1,
    organizationId: 'org',
    employeeId: 'emp',
    weekStartDate: '2026-11-16',
    status: 'approved',
    version: 3,
    approvedBy: 'sup',
    approvedAt: '2026-11-23T10:00:00.000Z',
    submittedAt: '2026-11-22T18:00:00.000Z',
    createdAt: '2026-11-16T08:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...fields,
  })
/** A week that starts on Sunday, with an hour worked that Sunday. */
const sundayHour = { weekStartDate: '2026-11-15', sundayStart: '13:00', sundayEnd: '14:00' }

describe('timesheetCsv', () => {
  it('lays out who and where, a row per day in week order (next day marked, break, hours with two decimals), a total and the notes', () => {
    const t = sheet({
      mondayStart: '09:00',
      mondayEnd: '17:30',
      mondayActivity: 'Sermon prep, visits',
      mondayBreakMinutes: 30,
      sundayStart: '22:00',
      sundayEnd: '01:15',
      sundayActivity: '=HYPERLINK("x")',
      notes: 'Good week',
    })
    const rows = readCsv(
      timesheetCsv(t, person('Ana', 'Ruiz', 'Youth'), 'Grace Church', person('Sam', 'Lee'), 'America/Chicago').slice(1),
    )
    expect(rows).toEqual([
      ['Organization', 'Grace Church'],
      ['Employee', 'Ana Ruiz'],
      ['Department', 'Youth'],
      ['Week Starting', '2026-11-16'],
      ['Status', 'Approved'],
      ['Approved By', 'Sam Lee'],
      ['Approved At (America/Chicago)', '2026-11-23 04:00'],
      [''],
      ['Date', 'Day', 'Start', 'End', 'Ends Next Day', 'Break Minutes', 'Hours', 'Activity', 'Time Ranges'],
      ['2026-11-16', 'Monday', '09:00', '17:30', '', '30', '8.00', 'Sermon prep, visits', '09:00-17:30'],
      ['2026-11-17', 'Tuesday', '', '', '', '0', '0.00', '', ''],
      ['2026-11-18', 'Wednesday', '', '', '', '0', '0.00', '', ''],
      ['2026-11-19', 'Thursday', '', '', '', '0', '0.00', '', ''],
      ['2026-11-20', 'Friday', '', '', '', '0', '0.00', '', ''],
      ['2026-11-21', 'Saturday', '', '', '', '0', '0.00', '', ''],
      ['2026-11-22', 'Sunday', '22:00', '01:15', 'Yes', '0', '3.25', `'=HYPERLINK("x")`, '22:00-01:15'],
      ['Total', '', '', '', '', '30', '11.25', '', ''],
      [''],
      ['Notes', 'Good week'],
    ])
  })

  it("writes a split day's Start and End as its first start and last end, its paid hours, and its ranges in the last column", () => {
    const t = sheet({
      sundayStart: '08:00',
      sundayEnd: '21:00',
      sundaySpans: [
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ],
    })
    const rows = readCsv(timesheetCsv(t, person('Ana', 'Ruiz'), 'Grace', null, 'America/Denver').slice(1))
    expect(rows[15]).toEqual([
      '2026-11-22',
      'Sunday',
      '08:00',
      '21:00',
      '',
      '0',
      '7.00',
      '',
      '08:00-12:00, 18:00-21:00',
    ])
    expect(rows[16]).toEqual(['Total', '', '', '', '', '0', '7.00', '', ''])
  })

  it('lists a Sunday week from Sunday, and names a removed member and a missing approval plainly', () => {
    const t = sheet({ weekStartDate: '2026-11-15', status: 'pending', approvedAt: null })
    const rows = readCsv(timesheetCsv(t, null, 'Grace', null, 'America/Chicago').slice(1))
    expect(rows.slice(1, 7)).toEqual([
      ['Employee', 'Removed member'],
      ['Department', ''],
      ['Week Starting', '2026-11-15'],
      ['Status', 'Pending Review'],
      ['Approved By', ''],
      ['Approved At (America/Chicago)', ''],
    ])
    expect(rows[9]).toEqual(['2026-11-15', 'Sunday', '', '', '', '0', '0.00', '', ''])
    expect(rows[15]).toEqual(['2026-11-21', 'Saturday', '', '', '', '0', '0.00', '', ''])
    expect(readCsv(timesheetCsv(t, person('A', 'B'), 'Grace', null, 'UTC').slice(1))[2]).toEqual(['Department', ''])
  })
})

/** The bulk export's day columns, Monday first. */
const MONDAY_FIRST_HOURS = [
  'Monday Hours',
  'Tuesday Hours',
  'Wednesday Hours',
  'Thursday Hours',
  'Friday Hours',
  'Saturday Hours',
  'Sunday Hours',
]

describe('bulk payroll export', () => {
  it('has one header column per field, the seven days Monday first', () => {
    expect(bulkCsvHeader('America/Chicago')).toEqual([
      'Employee',
      'Email',
      'Department',
      'Week Starting',
      'Status',
      ...MONDAY_FIRST_HOURS,
      'Total Hours',
      'Break Minutes',
      'Submitted At (America/Chicago)',
      'Approved By',
      'Approved At (America/Chicago)',
    ])
  })

  it('writes a row in the header order, days Monday first by default', () => {
    const t = sheet({ ...sundayHour, tuesdayStart: '08:00', tuesdayEnd: '12:15' })
    const ana = { ...person('Ana', 'Ruiz', 'Youth'), email: 'ana@example.org' }
    expect(bulkCsvRow(t, ana, person('Sam', 'Lee'), 'America/Chicago')).toEqual([
      'Ana Ruiz',
      'ana@example.org',
      'Youth',
      '2026-11-15',
      'Approved',
      '0.00',
      '4.25',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '1.00',
      '5.25',
      0,
      '2026-11-22 12:00',
      'Sam Lee',
      '2026-11-23 04:00',
    ])
  })

  it('leaves blanks for a removed member, no approver and missing dates', () => {
    const t = sheet({ status: 'draft', submittedAt: null, approvedAt: null })
    const row = bulkCsvRow(t, null, null, 'UTC')
    expect(row).toHaveLength(bulkCsvHeader('UTC').length)
    expect([row[0], row[1], row[2], row[4], row[14], row[15], row[16]]).toEqual([
      'Removed member',
      '',
      '',
      'Draft',
      '',
      '',
      '',
    ])
    expect(bulkCsvRow(t, person('A', 'B'), null, 'UTC')[2]).toBe('')
  })
})

describe('hours that add up', () => {
  it('gives each day hundredths of an hour that add up exactly to the total, each within 0.01 of its own value', () =>
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1440 }), { minLength: 1, maxLength: 7 }), (minutes) => {
        const days = hundredthsOfDays(minutes)
        const total = minutes.reduce((a, b) => a + b, 0)
        expect(days.reduce((a, b) => a + b, 0)).toBe(Math.round((total * 100) / 60))
        days.forEach((d, i) => expect(Math.abs(d - (minutes[i]! * 100) / 60)).toBeLessThan(1))
      }),
    ))

  it('writes days that a payroll clerk can add up to the total: three days of 8 h 10 min', () => {
    const t = sheet({
      mondayStart: '09:00',
      mondayEnd: '17:10',
      tuesdayStart: '09:00',
      tuesdayEnd: '17:10',
      wednesdayStart: '09:00',
      wednesdayEnd: '17:10',
    })
    const row = bulkCsvRow(t, null, null, 'UTC')
    // 8.1666... each: one decimal read 8.2 + 8.2 + 8.2 against a total of 24.5.
    expect(row.slice(5, 13)).toEqual(['8.17', '8.17', '8.16', '0.00', '0.00', '0.00', '0.00', '24.50'])
  })

  it('lists the days in the organization’s week order, a Sunday week from Sunday', () => {
    const t = sheet(sundayHour)
    expect(bulkCsvHeader('UTC', undefined, 'sunday').slice(5, 12)).toEqual([
      'Sunday Hours',
      ...MONDAY_FIRST_HOURS.slice(0, 6),
    ])
    expect(bulkCsvRow(t, null, null, 'UTC', undefined, 'sunday')[5]).toBe('1.00')
  })
})

describe('attachment', () => {
  it('keeps accents in filename* and gives an ASCII fallback', () => {
    expect(attachment('timesheet-José-Muñoz-2026-11-16.csv')).toBe(
      `attachment; filename="timesheet-Jose-Munoz-2026-11-16.csv"; filename*=UTF-8''timesheet-Jos%C3%A9-Mu%C3%B1oz-2026-11-16.csv`,
    )
    expect(attachment('a "b";c\'s.csv')).toBe(
      `attachment; filename="a_b_c_s.csv"; filename*=UTF-8''a%20%22b%22%3Bc%27s.csv`,
    )
  })
})
