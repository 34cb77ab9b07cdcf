// Checked by `npm run typecheck` (tsc includes every .ts file), never run: proves that the
// section registry's type refuses a registry missing one of the schema union's section types.
// If SectionRegistry stopped requiring every type, the @ts-expect-error below would be unused,
// and an unused @ts-expect-error is itself a compile error.
import type { SectionRegistry } from '../../components/sections/define-section.ts'
import { sectionRegistry } from '../../components/sections/registry.tsx'

const { pricing: _pricing, ...withoutPricing } = sectionRegistry

// The real registry has every type ...
export const complete: SectionRegistry = sectionRegistry
// @ts-expect-error -- ... and one without the pricing entry does not compile.
export const incomplete: SectionRegistry = withoutPricing
