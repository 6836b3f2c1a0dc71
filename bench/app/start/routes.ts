import router from '@adonisjs/core/services/router'
import { middleware } from './kernel.ts'

const HandItemsController = () => import('../app/controllers/hand_items_controller.ts')
const HandSearchController = () => import('../app/controllers/hand_search_controller.ts')

router.get('/__bench/health', () => ({ ok: true }))

/**
 * The process's memory after a full GC (the formatted-list scenario reads
 * it before and after its requests).
 */
router.get('/__bench/memory', () => {
  ;(globalThis as any).gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
})

/**
 * The hand-written alternative to the kit's item pages: same queries, same
 * props, same authorization rules.
 */
router
  .group(() => {
    router.get('/', [HandItemsController, 'index'])
    router.post('/', [HandItemsController, 'store'])
    router.get('/:id/edit', [HandItemsController, 'edit'])
    router.patch('/:id', [HandItemsController, 'update'])
  })
  .prefix('/hand/items')
  .use(middleware.benchAuth())

router.get('/hand/search', [HandSearchController, 'index']).use(middleware.benchAuth())

router.get('/__bench/info', async () => {
  const { databaseVersion } = await import('../database/seed.ts')
  const { readFile } = await import('node:fs/promises')
  const versions: Record<string, string> = {}
  for (const name of ['@adonisjs/core', '@adonisjs/lucid', '@adonisjs/inertia', 'knex']) {
    const file = new URL(`../../../node_modules/${name}/package.json`, import.meta.url)
    versions[name] = JSON.parse(await readFile(file, 'utf8')).version
  }
  const kit = new URL('../../../package.json', import.meta.url)
  versions['adonis-kit'] = JSON.parse(await readFile(kit, 'utf8')).version
  return { database: await databaseVersion(), node: process.version, versions }
})
