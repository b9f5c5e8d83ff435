import { describe, expect, it } from 'vitest'
import { bulkCsvHeader, payrollCsv } from '@app/core'
import { csvWords } from './csv-words.ts'
import { translator } from './server.ts'

describe('csvWords', () => {
  it("gives our own layouts' titles in Spanish, days and statuses included", () => {
    const es = csvWords(translator('es'))
    expect(bulkCsvHeader('America/Chicago', es).slice(0, 6)).toEqual([
      'Empleado',
      'Correo electrónico',
      'Departamento',
      'Semana que comienza',
      'Estado',
      'Horas (Lunes)',
    ])
    expect(es.status('pending')).toBe('Pendiente de revisión')
    expect(payrollCsv([], es).slice(1).split(',').slice(0, 4)).toEqual([
      'Fila',
      'ID de empleado',
      'ID de nómina',
      'Nombre',
    ])
  })

  it("in English, exactly core's own words", () => {
    expect(bulkCsvHeader('UTC', csvWords(translator('en')))).toEqual(bulkCsvHeader('UTC'))
    expect(payrollCsv([], csvWords(translator('en')))).toBe(payrollCsv([]))
  })
})
