import { defineConfig, panel } from '../../../index.ts'

export default defineConfig({
  panels: [
    panel('admin')
      .path('/admin')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .pageDefaults({ components: { view: 'admin/view_record' }, props: { brand: 'Kit admin' } })
      .resources([
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/note_resource.ts'),
        () => import('../app/resources/article_resource.ts'),
        () => import('../app/resources/project_resource.ts'),
        () => import('../app/resources/contact_resource.ts'),
      ]),
  ],
})
