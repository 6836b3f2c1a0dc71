/*
 * adonis-kit
 *
 * Type-level tests of the component registries, compiled by `npm run
 * typecheck` (tsconfig.renderers.json): React and Vue register the same set
 * of types in every family, and those are exactly the contract types. A
 * failing assertion is a compile error. The kit's built-in maps
 * (`kitComponents`) are typed by these maps, so a contract type without a
 * component in either renderer fails there (tests/unit/registry_types.spec.ts
 * shows the failure on a deliberately incomplete map).
 */

import type { KitContractFamilies } from '../../src/renderers/registry.ts'
import type { KitReactComponents } from '../../src/react/registry.tsx'
import type { KitVueComponents } from '../../src/vue/registry.ts'
import type { kitComponents as reactComponents } from '../../src/react/kit_components.tsx'
import type { kitComponents as vueComponents } from '../../src/vue/kit_components.ts'

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Expect<T extends true> = T

/** React and Vue register the same types, and exactly the contract types, in a family */
type InStep<F extends keyof KitContractFamilies> =
  Equal<keyof KitReactComponents[F], keyof KitVueComponents[F]> extends true
    ? Equal<keyof KitReactComponents[F], keyof KitContractFamilies[F]>
    : false

export type RegistryTypeTests = [
  Expect<InStep<'fields'>>,
  Expect<InStep<'columns'>>,
  Expect<InStep<'filters'>>,
  Expect<InStep<'entries'>>,
  Expect<InStep<'layout'>>,
  Expect<InStep<'widgets'>>,
  Expect<InStep<'pages'>>,
  /* the built-in maps hold every family in full */
  Expect<Equal<typeof reactComponents, KitReactComponents>>,
  Expect<Equal<typeof vueComponents, KitVueComponents>>,
]
