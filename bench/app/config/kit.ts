import { defineConfig, panel } from '../../../index.ts'

export default defineConfig({
  user: (ctx) => (ctx as any).benchUser ?? null,
  /* the bulk scenarios measure the in-request path: no query-wide action becomes a job */
  jobs: { bulkQueueThreshold: Number.MAX_SAFE_INTEGER },
  panels: [
    panel('admin')
      .path('/admin')
      .authMiddleware([() => import('../app/middleware/bench_auth_middleware.ts')])
      .resources([
        () => import('../app/resources/item_resource.ts'),
        () => import('../app/resources/tuned_item_resource.ts'),
        () => import('../app/resources/author_resource.ts'),
        () => import('../app/resources/bulk_item_resource.ts'),
        () => import('../app/resources/user_resource.ts'),
        () => import('../app/resources/formatted_item_resource.ts'),
      ]),
    /* the export and import benchmarks (npm run bench -- export | import) */
    panel('exports')
      .path('/exports')
      .authMiddleware([() => import('../app/middleware/bench_auth_middleware.ts')])
      .resources([
        () => import('../app/resources/export_item_resource.ts'),
        () => import('../app/resources/import_item_resource.ts'),
      ]),
  ],
})
