import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type GetObjectCommandInput,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { s3Client } from './client-s3.ts'
import { config } from './config.ts'
import { asciiAttachment, attachment, type Language } from '@app/core'

/** Pre-signed download links live 15 minutes (DESIGN.md section 5). */
export const DOWNLOAD_LINK_SECONDS = 15 * 60

/** Stores one object (its body, type and headers as given). */
const putObject = async (input: PutObjectCommandInput) => {
  await s3Client().send(new PutObjectCommand(input))
}

/** A link that reads one private object for `expiresIn` seconds. */
const signedLink = (input: GetObjectCommandInput, expiresIn: number) =>
  getSignedUrl(s3Client(), new GetObjectCommand(input), { expiresIn })

/**
 * A CSV in the exports bucket (objects expire after 7 days in AWS), handed out by pre-signed links.
 * A file name given to `put` is stored as the object's Content-Disposition (RFC 6266, accents
 * kept), so the link needs no override; a name given to `url` overrides it with the ASCII form only,
 * since `filename*=UTF-8''` in a link's query is where S3 emulators' SigV4 checks disagree with AWS.
 */
const exportFile = (key: string) => ({
  put: (body: string, fileName?: string) =>
    putObject({
      Bucket: config.exportsBucket,
      Key: key,
      Body: body,
      ContentType: 'text/csv; charset=utf-8',
      ...(fileName ? { ContentDisposition: attachment(fileName) } : {}),
    }),
  /** Whether the file is there (made earlier, and not yet expired by the bucket's lifecycle rule). */
  async exists() {
    try {
      await s3Client().send(new HeadObjectCommand({ Bucket: config.exportsBucket, Key: key }))
      return true
    } catch (e) {
      if (e instanceof Error && (e.name === 'NotFound' || e.name === 'NoSuchKey')) return false
      throw e
    }
  },
  url: (fileName?: string) =>
    signedLink(
      {
        Bucket: config.exportsBucket,
        Key: key,
        ...(fileName ? { ResponseContentDisposition: asciiAttachment(fileName) } : {}),
        ResponseContentType: 'text/csv; charset=utf-8',
      },
      DOWNLOAD_LINK_SECONDS,
    ),
})

/** The rows of a file a supervisor imports, as read from it (JSON), kept for the import job (expired with the bucket's objects). */
const importRowsFile = (key: string) => ({
  put: (body: string) =>
    putObject({ Bucket: config.exportsBucket, Key: key, Body: body, ContentType: 'application/json' }),
  async read(): Promise<string> {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: key }))
    return (await out.Body?.transformToString('utf-8')) ?? ''
  },
})

/** The zip of all an organization's data, handed out by 15-minute pre-signed links. */
const archiveFile = (key: string) => ({
  key,
  put: (body: Uint8Array, fileName: string) =>
    putObject({
      Bucket: config.exportsBucket,
      Key: key,
      Body: body,
      ContentType: 'application/zip',
      ContentDisposition: attachment(fileName),
    }),
  url: () => signedLink({ Bucket: config.exportsBucket, Key: key }, DOWNLOAD_LINK_SECONDS),
})

/** An organization logo, private in the logos bucket, shown through short-lived links. */
const logoFile = (orgId: string, file: string) => {
  const key = `${orgId}/${file}`
  return {
    /** The app's own path to the logo, which redirects to a short-lived link (organization/get-logo). */
    path: `/api/logos/${orgId}/${file}`,
    put: (body: Uint8Array, contentType: string) =>
      putObject({
        Bucket: config.logosBucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=86400',
        // An <img> shows an SVG either way; opened on its own it downloads instead of rendering.
        ...(contentType === 'image/svg+xml' ? { ContentDisposition: 'attachment; filename="logo.svg"' } : {}),
      }),
    url: () => signedLink({ Bucket: config.logosBucket, Key: key }, 3600),
  }
}

/** Deletes every object under `prefix` in `bucket`, a page (up to 1,000) at a time; answers how many. */
const deleteUnder = async (bucket: string, prefix: string) => {
  let deleted = 0
  for (;;) {
    // Listed by the prefix without its '/' (the local S3 emulator's signature check of an encoded
    // '/' in a query differs from AWS's), keeping only the keys under the folder itself.
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix.replace(/\/$/, '') }))
    const objects = (page.Contents ?? []).flatMap((o) => (o.Key?.startsWith(prefix) ? [{ Key: o.Key }] : []))
    if (!objects.length) return deleted
    // One by one: the local S3 emulator refuses DeleteObjects' checksum; a page is at most 1,000.
    for (const { Key } of objects) await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key }))
    deleted += objects.length
  }
}

/**
 * The files of one organization, bound like `orgDb`: every S3 key is built here, under the
 * organization's prefix, so a handler cannot name another organization's files.
 */
export const filesFor = (orgId: string) => ({
  /** An approved timesheet's CSV, one per approval (its version) and language. */
  timesheetCsv: (timesheetId: number, version: number, language: Language) =>
    exportFile(`${orgId}/timesheets/${timesheetId}-v${version}-${language}.csv`),
  /** A payroll export, named by what it holds and when it was made. */
  report: (name: string) => exportFile(`${orgId}/reports/${name}.csv`),
  logo: (file: string) => logoFile(orgId, file),
  /** The rows of an import of members, read from its file. */
  importRows: (importId: string) => importRowsFile(`${orgId}/imports/${importId}.json`),
  /** An import's new members' usernames and temporary passwords, handed out by one 15-minute link. */
  importCredentials: (importId: string) => exportFile(`${orgId}/imports/${importId}-credentials.csv`),
  /** The zip of one export of all the organization's data. */
  dataExport: (exportId: string) => archiveFile(`${orgId}/exports/${exportId}.zip`),
  /**
   * Erases every file of the organization (timesheet CSVs, payroll files, exports,
   * logos) from both buckets; nothing left, nothing done. Answers how many were deleted.
   */
  async eraseAll() {
    const prefix = `${orgId}/`
    return (await deleteUnder(config.exportsBucket, prefix)) + (await deleteUnder(config.logosBucket, prefix))
  },
})
export type Files = ReturnType<typeof filesFor>
