import { onTestFinished, vi } from 'vitest'

/**
 * Catches what a page downloads: jsdom has no object URLs and does not follow links, so the blobs
 * the page makes (each given `url`) and the links it clicks are kept here. Undone when the test ends.
 */
export function captureDownloads(url: string) {
  const blobs: Blob[] = []
  // The page's own code must not be able to tell.
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob)
      return url
    }),
    revokeObjectURL: vi.fn(),
  })
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
  })
  const clicked: HTMLAnchorElement[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
  return { blobs, clicked }
}
