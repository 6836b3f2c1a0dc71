import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * The architecture of src/: folders import each other without cycles, every
 * folder stays in its layer, and the renderers see only the contracts.
 * Type imports count: a type import is a dependency of the design.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function folderOf(path: string): string {
  const parts = relative(root, path).split(sep)
  return parts.length === 1 ? '(root)' : parts[0]
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g
/** a dynamic import is a dependency too */
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** folder -> folder -> the import lines that make the edge */
function folderGraph() {
  const edges = new Map<string, Map<string, string[]>>()
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8')
    for (const match of [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC_IMPORT)]) {
      const target = resolve(dirname(file), match[1])
      if (!target.startsWith(root)) continue
      const from = folderOf(file)
      const to = folderOf(target)
      if (from === to) continue
      if (!edges.has(from)) edges.set(from, new Map())
      const targets = edges.get(from)!
      if (!targets.has(to)) targets.set(to, [])
      targets.get(to)!.push(`${relative(root, file)} -> ${match[1]}`)
    }
  }
  return edges
}

/** Strongly connected components with more than one folder (Tarjan) */
function cycles(edges: Map<string, Map<string, string[]>>): string[][] {
  let index = 0
  const stack: string[] = []
  const indexes = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const found: string[][] = []
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])
  const visit = (node: string) => {
    indexes.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indexes.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexes.get(next)!))
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of nodes) if (!indexes.has(node)) visit(node)
  return found
}

test.group('Architecture | src/ folders', () => {
  test('no folder import cycle', ({ assert }) => {
    const edges = folderGraph()
    const found = cycles(edges)
    const explain = found.map((component) =>
      component
        .flatMap((from) =>
          [...(edges.get(from)?.entries() ?? [])]
            .filter(([to]) => component.includes(to))
            .map(([to, lines]) => `${from} -> ${to}: ${lines[0]}`)
        )
        .join('\n')
    )
    assert.deepEqual(found, [], explain.join('\n\n'))
  })

  test('each layer imports only the layers below it', ({ assert }) => {
    /* bottom to top; the renderers are checked on their own below */
    const layers = [
      ['contracts'],
      ['support'],
      ['i18n'],
      ['definitions'],
      ['runtime'],
      ['http'],
      ['testing', 'generators'],
    ]
    const layerOf = (folder: string) => layers.findIndex((layer) => layer.includes(folder))
    const edges = folderGraph()
    const upward: string[] = []
    for (const [from, targets] of edges) {
      if (['react', 'vue', 'renderers'].includes(from)) continue
      assert.notEqual(layerOf(from), -1, `src/${from} belongs to no layer`)
      for (const [to, lines] of targets) {
        if (layerOf(to) >= layerOf(from)) upward.push(`${from} -> ${to}: ${lines[0]}`)
      }
    }
    assert.deepEqual(upward, [])
  })

  test('the renderers import only the contracts', ({ assert }) => {
    const edges = folderGraph()
    for (const renderer of ['react', 'vue', 'renderers']) {
      const targets = [...(edges.get(renderer)?.keys() ?? [])].filter(
        (to) => !['contracts', 'renderers'].includes(to)
      )
      assert.deepEqual(targets, [], `${renderer} imports ${targets.join(', ')}`)
    }
  })
})

test.group('Architecture | capabilities live on the definitions', () => {
  /** the classes of fields, columns and filters, from their definition files */
  function definitionClasses(): string[] {
    const folders = [
      'definitions/form/fields',
      'definitions/table/columns',
      'definitions/table/filters',
    ]
    return folders.flatMap((folder) =>
      sourceFiles(join(root, folder)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/export (?:abstract )?class (\w+)/g)].map(
          (match) => match[1]
        )
      )
    )
  }

  test('src/runtime asks no field, column or filter its class outside a registry', ({ assert }) => {
    const classes = definitionClasses()
    assert.includeMembers(classes, ['Field', 'Select', 'Repeater', 'Column', 'SelectFilter'])
    const pattern = new RegExp(`instanceof\\s+(${classes.join('|')})\\b`, 'g')
    const found = sourceFiles(join(root, 'runtime'))
      .filter((file) => !file.endsWith('_registry.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(pattern)].map(
          (match) => `${relative(root, file)}: ${match[0]}`
        )
      )
    assert.deepEqual(found, [], 'call a hook of the definition instead (docs/extending.md)')
  })
})

test.group('Architecture | inside src/runtime and src/definitions', () => {
  /**
   * The mutual imports between the sub-folders of one layer (`a<->b`, in
   * name order), with an import line for each side.
   */
  function mutualPairs(layer: string): Map<string, string> {
    const base = join(root, layer)
    const subfolder = (path: string) => {
      const parts = relative(base, path).split(sep)
      return parts.length === 1 ? '(root)' : parts[0]
    }
    const edges = new Map<string, Map<string, string>>()
    for (const file of sourceFiles(base)) {
      const text = readFileSync(file, 'utf8')
      for (const match of [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC_IMPORT)]) {
        const target = resolve(dirname(file), match[1])
        if (!target.startsWith(base + sep)) continue
        const from = subfolder(file)
        const to = subfolder(target)
        if (from === to) continue
        if (!edges.has(from)) edges.set(from, new Map())
        if (!edges.get(from)!.has(to)) {
          edges.get(from)!.set(to, `${relative(root, file)} -> ${match[1]}`)
        }
      }
    }
    const pairs = new Map<string, string>()
    for (const [from, targets] of edges) {
      for (const [to, line] of targets) {
        const back = edges.get(to)?.get(from)
        if (from < to && back) pairs.set(`${from}<->${to}`, `${line}\n  ${back}`)
      }
    }
    return pairs
  }

  /*
   * The mutual folder imports that remain, to be taken apart (issue 31,
   * "inner order"); the list may only shrink. A new one fails with the two
   * import lines that make it.
   */
  const REMAINING: Record<string, string[]> = {
    runtime: [
      'audit<->form',
      'audit<->mounts',
      'audit<->records',
      'authorization<->mounts',
      'authorization<->relations',
      'dashboards<->mounts',
      'export<->jobs',
      'form<->mutation',
      'form<->table',
      'jobs<->operations',
      'mounts<->notifications',
      'mounts<->relations',
      'mounts<->table',
      'mutation<->records',
      'query<->records',
      'records<->relations',
      'records<->table',
    ],
    definitions: [
      '(root)<->resource',
      'authorization<->resource',
      'authorization<->relations',
      'infolist<->resource',
      'nesting<->resource',
      'pages<->resource',
      'relations<->resource',
      'resource<->table',
    ],
  }

  for (const layer of ['runtime', 'definitions']) {
    test(`no new mutual import between the folders of src/${layer}`, ({ assert }) => {
      const pairs = mutualPairs(layer)
      const added = [...pairs.keys()].filter((pair) => !REMAINING[layer].includes(pair))
      assert.deepEqual(added, [], added.map((pair) => `${pair}:\n  ${pairs.get(pair)}`).join('\n'))
      /* a pair taken apart leaves the list */
      const gone = REMAINING[layer].filter((pair) => !pairs.has(pair))
      assert.deepEqual(gone, [], `remove from REMAINING.${layer}: ${gone.join(', ')}`)
    })
  }
})
