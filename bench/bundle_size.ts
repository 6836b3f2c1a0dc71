/*
 * adonis-kit
 *
 * Measures the renderer entries as an application bundles them: each of
 * `build/src/react/index.js` and `build/src/vue/index.js` (run `npm run
 * build` first) is bundled and minified with rolldown, the framework and
 * Inertia left external (the application has them anyway), then gzipped.
 * Prints the sizes and the Ark UI components each bundle holds, and fails
 * when a bundle holds a library no renderer page draws (Tiptap, another
 * component library) or imports Ark UI from its root instead of a
 * component's subpath.
 *
 *   node --import=@poppinss/ts-exec bench/bundle_size.ts
 */

import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build } from 'rolldown'

const entries = {
  react: 'build/src/react/index.js',
  vue: 'build/src/vue/index.js',
}
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^vue($|\/)/, /^@inertiajs\//]
const foreign = ['@tiptap', 'prosemirror', '@headlessui', '@radix-ui', 'reka-ui', '@mui']

let failed = false
for (const [name, input] of Object.entries(entries)) {
  const source = readFileSync(input, 'utf8')
  const root = /from ['"]@ark-ui\/(react|vue)['"]/.test(source)
  const result = await build({
    input,
    external,
    write: false,
    logLevel: 'silent',
    output: { format: 'esm', minify: true, codeSplitting: false },
  })
  const code = result.output
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n')
  const modules = result.output.flatMap((chunk) =>
    chunk.type === 'chunk' && 'moduleIds' in chunk ? chunk.moduleIds : []
  )
  const ark = [
    ...new Set(
      modules
        .map((id) => /@ark-ui\/(?:react|vue)\/dist\/components\/([a-z-]+)\//.exec(id)?.[1])
        .filter((component): component is string => !!component)
    ),
  ].sort()
  const strays = foreign.filter((library) => modules.some((id) => id.includes(library)))
  console.log(
    `${name}: ${(code.length / 1024).toFixed(1)} kB minified, ${(gzipSync(code).length / 1024).toFixed(1)} kB gzip`
  )
  console.log(`  Ark UI components: ${ark.join(', ')}`)
  if (root) console.log('  FAIL: imports Ark UI from its root entry')
  if (strays.length) console.log(`  FAIL: holds ${strays.join(', ')}`)
  failed ||= root || strays.length > 0
}
process.exitCode = failed ? 1 : 0
