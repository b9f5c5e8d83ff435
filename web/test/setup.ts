import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom lacks the pointer-capture and scrolling methods that Radix primitives call.
const element = Element.prototype as Partial<Element>
element.hasPointerCapture ??= () => false
element.setPointerCapture ??= () => {}
element.releasePointerCapture ??= () => {}
element.scrollIntoView ??= () => {}
