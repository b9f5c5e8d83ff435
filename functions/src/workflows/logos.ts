import { createHash } from 'node:crypto'
import type { Files } from '@app/adapters'
import { badRequest, checkLogo, LOGO_DATA_URL, logoDataUrlProblem, logoMessages } from '@app/core'

/**
 * Stores a logo sent as a data URL once its bytes are checked (the type they really are, not the
 * one claimed; an SVG's content), under a name of its content's hash: its path, the organization's
 * logo address. A refusal names `field` and stores nothing.
 */
export const storeLogo = async (files: Files, dataUrl: string, field: string): Promise<string> => {
  const refuse = (message: string) => badRequest(message, { [field]: message })
  const shape = logoDataUrlProblem(dataUrl)
  if (shape) throw refuse(shape)
  const bytes = Buffer.from(LOGO_DATA_URL.exec(dataUrl)![1]!, 'base64')
  const check = checkLogo(bytes)
  if (!check.ok) throw refuse(logoMessages[check.problem].description)
  const logo = files.logo(`logo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${check.type.ext}`)
  await logo.put(bytes, check.type.mime)
  return logo.path
}
