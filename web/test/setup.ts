import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resources } from '@app/i18n/resources'
import { initI18n } from '../src/i18n.ts'

afterEach(() => cleanup())

// A loaded two-core machine can take seconds to import and render a lazy page: findBy and waitFor
// wait up to 10 s (a passing test never waits longer than it needs).
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks the pointer-capture and scrolling methods that Radix primitives call.
const element = Element.prototype as Partial<Element>
element.hasPointerCapture ??= () => false
element.setPointerCapture ??= () => {}
element.releasePointerCapture ??= () => {}
element.scrollIntoView ??= () => {}

// Every catalogue up front, in English (the spec's texts): no namespace chunk to wait for.
initI18n('en', resources)
