/*
 * adonis-kit
 *
 * Measures the renderer entries as an application bundles them: each of
 * `build/src/react/index.js` and `build/src/vue/index.js` (run `npm run
 * build` first) is bundled and minified with rolldown, the framework and
 * Inertia left external (the application has them anyway), then gzipped.
 * Prints the size of the entry chunk (what every page loads) and of the
 * chunks loaded on demand (the rich text editor and its Tiptap), the Ark
 * UI components the entry holds, and fails when the entry holds a library
 * not every page needs (Tiptap, another component library) or imports Ark
 * UI from its root instead of a component's subpath.
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
    output: { format: 'esm', minify: true },
  })
  const chunks = result.output.filter((chunk) => chunk.type === 'chunk')
  /* the entry and what it imports statically: what every page loads */
  const eager = new Set<string>()
  const visit = (fileName: string) => {
    if (eager.has(fileName)) return
    eager.add(fileName)
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit)
  }
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName))
  const entryChunks = chunks.filter((chunk) => eager.has(chunk.fileName))
  const lazyChunks = chunks.filter((chunk) => !eager.has(chunk.fileName))
  const code = entryChunks.map((chunk) => chunk.code).join('\n')
  const lazyCode = lazyChunks.map((chunk) => chunk.code).join('\n')
  const modules = entryChunks.flatMap((chunk) => chunk.moduleIds)
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
  console.log(
    `  loaded on demand: ${(lazyCode.length / 1024).toFixed(1)} kB minified, ${(gzipSync(lazyCode).length / 1024).toFixed(1)} kB gzip (${lazyChunks.length} chunks)`
  )
  console.log(`  Ark UI components: ${ark.join(', ')}`)
  if (root) console.log('  FAIL: imports Ark UI from its root entry')
  if (strays.length) console.log(`  FAIL: holds ${strays.join(', ')}`)
  failed ||= root || strays.length > 0
}
process.exitCode = failed ? 1 : 0
