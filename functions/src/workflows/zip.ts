import { once } from 'node:events'
import { crc32, createDeflateRaw, inflateRawSync } from 'node:zlib'

/**
 * A zip archive (PKWARE APPNOTE 6.3, the subset every unzip reads): each file deflated, UTF-8
 * names, no zip64 (an entry and the archive stay under 4 GB: an organization's export is far
 * smaller). Small enough to keep here rather than add a dependency.
 */
export interface ZipEntry {
  name: string
  /**
   * The file's contents in pieces, made as the archive reaches them and deflated as they come, so
   * no file of an export is ever held whole as text (the job's memory).
   */
  data: () => Iterable<string>
}

/** What is handed to zlib at a time: pieces are joined up to this size first (a row is a few bytes). */
const BLOCK = 64 * 1024

/** `pieces` deflated as one stream, with the CRC-32 and the length of what they hold. */
const deflatePieces = async (pieces: Iterable<string>) => {
  const deflate = createDeflateRaw()
  const packed: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => packed.push(chunk))
  const ended = once(deflate, 'end')
  let crc = 0
  let length = 0
  let pending: string[] = []
  let pendingLength = 0
  const write = async () => {
    const raw = Buffer.from(pending.join(''), 'utf8')
    pending = []
    pendingLength = 0
    crc = crc32(raw, crc)
    length += raw.length
    if (!deflate.write(raw)) await once(deflate, 'drain')
  }
  for (const piece of pieces) {
    pending.push(piece)
    pendingLength += piece.length
    if (pendingLength >= BLOCK) await write()
  }
  await write()
  deflate.end()
  await ended
  return { packed: Buffer.concat(packed), crc, length }
}

/** The DOS date and time of `at` (local fields in UTC: the archive's files carry the export's time). */
const dosTime = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
})

const UTF8_FLAG = 0x0800
const DEFLATE = 8
/** Version 2.0, the first with deflate: what every entry needs, and what made it. */
const VERSION = 20

/** A little-endian record: each field a 2- or 4-byte unsigned number, in order. */
const record = (fields: Array<[bytes: 2 | 4, value: number]>): Buffer => {
  const out = Buffer.alloc(fields.reduce((sum, [bytes]) => sum + bytes, 0))
  let at = 0
  for (const [bytes, value] of fields) at = bytes === 2 ? out.writeUInt16LE(value, at) : out.writeUInt32LE(value, at)
  return out
}

/** The archive of `entries`, in their order. */
export const zip = async (entries: ZipEntry[], at = new Date()): Promise<Buffer> => {
  const { time, date } = dosTime(at)
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const { packed, crc, length } = await deflatePieces(entry.data())
    // What the local header and the central directory both say of an entry, in the same order.
    const described: Array<[2 | 4, number]> = [
      [2, VERSION],
      [2, UTF8_FLAG],
      [2, DEFLATE],
      [2, time],
      [2, date],
      [4, crc],
      [4, packed.length],
      [4, length],
      [2, name.length],
    ]
    // No extra field.
    const local = record([[4, 0x04034b50], ...described, [2, 0]])
    locals.push(local, name, packed)
    // Extra, comment, disk, internal and external attributes: none.
    const central = record([
      [4, 0x02014b50],
      [2, VERSION],
      ...described,
      [2, 0],
      [2, 0],
      [2, 0],
      [2, 0],
      [4, 0],
      [4, offset],
    ])
    centrals.push(central, name)
    offset += local.length + name.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  // This disk and the directory's disk (0), the entries on this disk and in all, no comment.
  const end = record([
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, entries.length],
    [2, entries.length],
    [4, directory.length],
    [4, offset],
    [2, 0],
  ])
  return Buffer.concat([...locals, directory, end])
}

/** The files of an archive `zip` made (tests, and a check of the export before it is offered). */
export const unzip = (archive: Buffer): Map<string, Buffer> => {
  const files = new Map<string, Buffer>()
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (endAt < 0) throw new Error('not a zip archive')
  const count = archive.readUInt16LE(endAt + 10)
  let at = archive.readUInt32LE(endAt + 16)
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory')
    const size = archive.readUInt32LE(at + 20)
    const nameLength = archive.readUInt16LE(at + 28)
    const skip = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32)
    const local = archive.readUInt32LE(at + 42)
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
    const data = inflateRawSync(archive.subarray(dataAt, dataAt + size))
    if (crc32(data) !== archive.readUInt32LE(at + 16)) throw new Error(`${name}: checksum mismatch`)
    files.set(name, data)
    at += 46 + nameLength + skip
  }
  return files
}
