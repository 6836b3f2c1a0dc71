import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { kitPeers, missingRendererPeers } from '../../src/support/renderer_peers.ts'

/**
 * An application folder outside this repository (whose node_modules has
 * every peer), with a React renderer and the given packages installed.
 */
async function app(installed: string[]) {
  const root = await mkdtemp(join(tmpdir(), 'kit-peers-'))
  await writeFile(
    join(root, 'package.json'),
    JSON.stringify({ name: 'app', type: 'module', dependencies: { '@inertiajs/react': '^3.7.0' } })
  )
  for (const name of installed) {
    await mkdir(join(root, 'node_modules', name), { recursive: true })
    await writeFile(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name }))
  }
  await writeFile(
    join(root, 'app.js'),
    `import { Dialog } from '@ark-ui/react'\nconsole.log(Dialog)\n`
  )
  return root
}

test.group('Renderer peers | the kitPeers() Vite plugin', (group) => {
  const roots: string[] = []
  group.each.timeout(60_000)
  group.teardown(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })))
  })

  test('a build without the renderer packages fails with one message naming them', async ({
    assert,
  }) => {
    const root = await app(['@tiptap/core'])
    roots.push(root)
    const error = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [kitPeers()],
      build: { write: false, rollupOptions: { input: join(root, 'app.js') } },
    }).then(
      () => null,
      (failure: Error) => failure
    )
    assert.instanceOf(error, Error)
    assert.equal(
      error!.message,
      `adonis-kit: the kit's renderer needs @ark-ui/react, @heroicons/react, @tiptap/react, @tiptap/pm, @tiptap/starter-kit, which the application does not have. Install them (npm i @ark-ui/react @heroicons/react @tiptap/react @tiptap/pm @tiptap/starter-kit), or run "node ace configure adonis-kit --install"`
    )
  })

  test('with every renderer package installed, nothing is missing', async ({ assert }) => {
    const root = await app([
      '@ark-ui/react',
      '@heroicons/react',
      '@tiptap/react',
      '@tiptap/core',
      '@tiptap/pm',
      '@tiptap/starter-kit',
    ])
    roots.push(root)
    assert.deepEqual(missingRendererPeers(root), [])
    /* a sub-folder as Vite's root: the application's package.json is found above it */
    assert.doesNotThrow(() => kitPeers().configResolved({ root: join(root, 'inertia') }))
  })

  test('a Vue application needs the Vue packages', async ({ assert }) => {
    const root = await mkdtemp(join(tmpdir(), 'kit-peers-'))
    roots.push(root)
    await writeFile(
      join(root, 'package.json'),
      JSON.stringify({ dependencies: { '@inertiajs/vue3': '^3.7.0' } })
    )
    assert.deepEqual(missingRendererPeers(root), [
      '@ark-ui/vue',
      '@heroicons/vue',
      '@tiptap/vue-3',
      '@tiptap/core',
      '@tiptap/pm',
      '@tiptap/starter-kit',
    ])
  })
})
