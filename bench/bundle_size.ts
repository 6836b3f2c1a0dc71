/*
 * adonis-kit
 *
 * Measures the renderer entries as an application bundles them: each of
 * `build/src/react/index.js` and `build/src/vue/index.js` (run `npm run
 * build` first) is bundled and minified with rolldown, the framework and
 * Inertia left external (the application has them anyway), then gzipped.
 * Prints the size of the entry (the entry chunk and what it imports: what
 * every page loads), of each chunk loaded on demand (the rich text editor
 * with its Tiptap, the date picker, the color picker: each with the shared
 * chunks only they import, what a form that draws only that field fetches)
 * and the Ark UI components the entry holds. Fails when an on-demand chunk
 * is missing or leaks back into the entry, when the entry holds a library
 * not every page needs (Tiptap, the date and color machines, another
 * component library) or imports Ark UI from its root instead of a
 * component's subpath. Then the entries of the repository's plugin
 * (packages/kit-rating, `npm run build:plugins` first), the kit left
 * external as an application has it: each must hold its registration only,
 * the field and the cell (and Ark UI's RatingGroup) in chunks loaded on
 * demand.
 *
 *   npm run build && npm run bench -- bundle
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

/**
 * The chunks loaded on demand, by the renderer file a form imports
 * lazily, and what in a module's path says it belongs to one of them (it
 * must never be in the entry).
 */
const onDemand = [
  { name: 'rich text editor', file: 'rich_editor', marks: ['@tiptap', 'prosemirror'] },
  {
    name: 'date picker',
    file: 'date_field',
    marks: [
      '/components/date-picker/',
      '@zag-js/date-picker',
      '@zag-js/date-utils',
      '@internationalized/date',
    ],
  },
  {
    name: 'color picker',
    file: 'color_picker',
    marks: ['/components/color-picker/', '@zag-js/color-picker', '@zag-js/color-utils'],
  },
]

const size = (code: string) =>
  `${(code.length / 1024).toFixed(1)} kB minified, ${(gzipSync(code).length / 1024).toFixed(1)} kB gzip`

let failed = false
const fail = (message: string) => {
  console.log(`  FAIL: ${message}`)
  failed = true
}
for (const [name, input] of Object.entries(entries)) {
  const source = readFileSync(input, 'utf8')
  const result = await build({
    input,
    external,
    write: false,
    logLevel: 'silent',
    output: { format: 'esm', minify: true },
  })
  const chunks = result.output.filter((chunk) => chunk.type === 'chunk')
  /* a chunk and what it imports statically, but for the chunks in `except` */
  const closure = (fileName: string, except = new Set<string>()) => {
    const files = new Set<string>()
    const visit = (file: string) => {
      if (files.has(file) || except.has(file)) return
      files.add(file)
      chunks.find((chunk) => chunk.fileName === file)?.imports.forEach(visit)
    }
    visit(fileName)
    return chunks.filter((chunk) => files.has(chunk.fileName))
  }
  const join = (list: typeof chunks) => list.map((chunk) => chunk.code).join('\n')
  /* the entry and what it imports statically: what every page loads */
  const entryChunks = chunks
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => closure(chunk.fileName))
  const eager = new Set(entryChunks.map((chunk) => chunk.fileName))
  const modules = entryChunks.flatMap((chunk) => chunk.moduleIds)
  const ark = [
    ...new Set(
      modules
        .map((id) => /@ark-ui\/(?:react|vue)\/dist\/components\/([a-z-]+)\//.exec(id)?.[1])
        .filter((component): component is string => !!component)
    ),
  ].sort()
  console.log(`${name}: entry ${size(join(entryChunks))}`)
  const lazyChunks = chunks.filter((chunk) => !eager.has(chunk.fileName))
  console.log(`  everything on demand: ${size(join(lazyChunks))} (${lazyChunks.length} chunks)`)
  for (const chunk of onDemand) {
    const own = chunks.find(
      (candidate) =>
        candidate.isDynamicEntry && candidate.facadeModuleId?.endsWith(`/fields/${chunk.file}.js`)
    )
    const leaks = modules.filter(
      (id) => id.includes(`/fields/${chunk.file}.`) || chunk.marks.some((mark) => id.includes(mark))
    )
    if (leaks.length) fail(`the entry holds the ${chunk.name} (${leaks[0]})`)
    if (!own || eager.has(own.fileName)) {
      fail(`the ${chunk.name} (${chunk.file}) is not a chunk loaded on demand`)
      continue
    }
    console.log(`  on demand, ${chunk.name}: ${size(join(closure(own.fileName, eager)))}`)
  }
  console.log(`  Ark UI components in the entry: ${ark.join(', ')}`)
  if (/from ['"]@ark-ui\/(react|vue)['"]/.test(source)) fail('imports Ark UI from its root entry')
  const strays = foreign.filter((library) => modules.some((id) => id.includes(library)))
  if (strays.length) fail(`holds ${strays.join(', ')}`)
}

/* the plugin's entries: registrations only, its components on demand */
const pluginEntries = {
  'kit-rating/react': 'packages/kit-rating/build/src/react/index.js',
  'kit-rating/vue': 'packages/kit-rating/build/src/vue/index.js',
}
for (const [name, input] of Object.entries(pluginEntries)) {
  const result = await build({
    input,
    external: [...external, /^adonis-kit($|\/)/, /^@ark-ui\//, /^@heroicons\//],
    write: false,
    logLevel: 'silent',
    output: { format: 'esm', minify: true },
  })
  const chunks = result.output.filter((chunk) => chunk.type === 'chunk')
  const entry = chunks.filter((chunk) => chunk.isEntry)
  const entryModules = entry.flatMap((chunk) => chunk.moduleIds)
  const entryImports = entry.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports])
  console.log(`${name}: entry ${size(entry.map((chunk) => chunk.code).join('\n'))}`)
  for (const file of ['rating_field', 'rating_cell']) {
    if (entryModules.some((id) => id.includes(`/${file}.`)))
      fail(`${name}: the entry holds ${file}`)
    const own = chunks.find(
      (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.includes(`/${file}.`)
    )
    if (!own) {
      fail(`${name}: ${file} is not a chunk loaded on demand`)
      continue
    }
    if (
      !entryImports.includes(own.fileName) ||
      entry.some((chunk) => chunk.imports.includes(own.fileName))
    ) {
      fail(`${name}: ${file} is not imported on demand by the entry`)
    }
    console.log(`  on demand, ${file}: ${size(own.code)}`)
  }
  if (entry.some((chunk) => /@ark-ui|rating-group/.test(chunk.code))) {
    fail(`${name}: the entry imports Ark UI (the RatingGroup belongs to the field's chunk)`)
  }
}
process.exitCode = failed ? 1 : 0
