import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
// IndexedDB, which jsdom lacks: the offline staff app keeps its queue and reads there (src/offline).
import 'fake-indexeddb/auto'

afterEach(() => cleanup())

// jsdom lacks the pointer-capture and scrolling methods that Radix primitives call.
const element = Element.prototype as Partial<Element>
element.hasPointerCapture ??= () => false
element.setPointerCapture ??= () => {}
element.releasePointerCapture ??= () => {}
element.scrollIntoView ??= () => {}
