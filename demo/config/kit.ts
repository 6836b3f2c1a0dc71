import { defineConfig, panel } from 'adonis-kit'

export default defineConfig({
  panels: [
    panel('admin')
      .path('/admin')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/author_resource.ts'),
        () => import('../app/resources/tag_resource.ts'),
        () => import('../app/resources/comment_resource.ts'),
      ]),
  ],
})
