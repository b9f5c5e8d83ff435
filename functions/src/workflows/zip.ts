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

/** The archive of `entries`, in their order. */
export const zip = async (entries: ZipEntry[], at = new Date()): Promise<Buffer> => {
  const { time, date } = dosTime(at)
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const { packed, crc, length } = await deflatePieces(entry.data())
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed: 2.0 (deflate)
    local.writeUInt16LE(UTF8_FLAG, 6)
    local.writeUInt16LE(DEFLATE, 8)
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, packed)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4) // made by: 2.0
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(UTF8_FLAG, 8)
    central.writeUInt16LE(DEFLATE, 10)
    central.writeUInt16LE(time, 12)
    central.writeUInt16LE(date, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(length, 24)
    central.writeUInt16LE(name.length, 28)
    // extra, comment, disk, internal and external attributes: none
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
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
