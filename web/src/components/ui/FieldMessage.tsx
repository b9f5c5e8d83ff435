import { styledPart } from './styled-part.ts'

/** A field's validation message; give it an id and point the input's aria-describedby at it. */
export const FieldMessage = styledPart('p', 'text-sm text-red-700')
