import { LOGO_MAX_BYTES, type logoMessages } from '@app/core'

/** What the file picker offers (the server accepts these, checked by their bytes). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml'

/** Spec section 5, checked before sending: under 2 MB, and an image type. The server checks again. */
export function logoFileProblem(file: Pick<File, 'size' | 'type'>): keyof typeof logoMessages | undefined {
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge'
  if (!file.type.startsWith('image/')) return 'notImage'
  return undefined
}

/** The file as a data URL ('data:image/png;base64,...'), the form the upload endpoint takes. */
export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'))
    reader.readAsDataURL(file)
  })
