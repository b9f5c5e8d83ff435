import Bowser from 'bowser'
import type { Device } from '@app/data'

/**
 * What a remembered phone reads as on its member's Profile ('Chrome on Android'), from the
 * browser's User-Agent; a part it does not name stays empty and the page says so in the reader's
 * language.
 */
export const deviceOf = (userAgent: string | undefined): Device => {
  const { browser, os } = Bowser.parse(userAgent ?? '')
  return { browser: (browser.name ?? '').slice(0, 60), os: (os.name ?? '').slice(0, 60) }
}
