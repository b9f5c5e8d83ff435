import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { clients } from './aws.ts'
import { config } from './config.ts'

/** Pre-signed download links live 15 minutes (DESIGN.md section 5). */
export const DOWNLOAD_LINK_SECONDS = 15 * 60

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`

/** CSV exports in the exports bucket (objects expire after 7 days in AWS), handed out by pre-signed links. */
export const exportsStore = {
  async putCsv(key: string, body: string) {
    await clients.s3.send(
      new PutObjectCommand({
        Bucket: config.exportsBucket,
        Key: key,
        Body: body,
        ContentType: 'text/csv; charset=utf-8',
      }),
    )
  },
  downloadUrl: (key: string, fileName: string) =>
    getSignedUrl(
      clients.s3,
      new GetObjectCommand({
        Bucket: config.exportsBucket,
        Key: key,
        ResponseContentDisposition: attachment(fileName),
        ResponseContentType: 'text/csv; charset=utf-8',
      }),
      { expiresIn: DOWNLOAD_LINK_SECONDS },
    ),
}

/** Organization logos, private in the logos bucket, shown through short-lived links. */
export const logosStore = {
  async put(key: string, body: Uint8Array, contentType: string) {
    await clients.s3.send(
      new PutObjectCommand({
        Bucket: config.logosBucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=86400',
        // An <img> shows an SVG either way; opened on its own it downloads instead of rendering.
        ...(contentType === 'image/svg+xml' ? { ContentDisposition: 'attachment; filename="logo.svg"' } : {}),
      }),
    )
  },
  url: (key: string) =>
    getSignedUrl(clients.s3, new GetObjectCommand({ Bucket: config.logosBucket, Key: key }), { expiresIn: 3600 }),
}
