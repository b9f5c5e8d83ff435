import { Label as LabelPrimitive } from 'radix-ui'
import { styledPart } from './styled-part.ts'

export const Label = styledPart(LabelPrimitive.Root, 'text-sm font-medium text-slate-800')
