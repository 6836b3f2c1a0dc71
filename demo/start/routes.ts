import router from '@adonisjs/core/services/router'
import { middleware } from './kernel.ts'

const SessionController = () => import('../app/controllers/session_controller.ts')
const PostRelationsController = () => import('../app/controllers/post_relations_controller.ts')

router.get('/', ({ response }) => response.redirect().toPath('/admin/posts'))
router.get('/login', [SessionController, 'create']).as('login')
router.post('/login', [SessionController, 'store'])
router.post('/logout', [SessionController, 'destroy'])

/**
 * Switch the renderer (a full page load, so the other entry point loads).
 */
router.get('/renderer/:name', ({ params, request, response }) => {
  const name = params.name === 'vue' ? 'vue' : 'react'
  response.plainCookie('kit-renderer', name, {
    encode: false,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  })
  const back = request.header('referer')
  const target =
    back && new URL(back).host === request.host() ? new URL(back).pathname : '/admin/posts'
  return response.redirect().toPath(target)
})

router
  .group(() => {
    router.post('/admin/posts/:post/relations/tags', [PostRelationsController, 'attachTag'])
    router.delete('/admin/posts/:post/relations/tags/:tag', [PostRelationsController, 'detachTag'])
    router.post('/admin/posts/:post/relations/comments', [PostRelationsController, 'storeComment'])
  })
  .use(middleware.auth())

/**
 * Stand-ins for pages the package does not serve yet (see
 * app/controllers/previews_controller.ts).
 */
const PreviewsController = () => import('../app/controllers/previews_controller.ts')
router
  .group(() => {
    router.get('/previews/posts/:post', [PreviewsController, 'viewPost'])
    router.get('/previews/tags', [PreviewsController, 'tags'])
    router.post('/previews/tags', [PreviewsController, 'storeTag'])
    router.patch('/previews/tags/:tag', [PreviewsController, 'updateTag'])
    router.get('/previews/search/posts', [PreviewsController, 'searchPosts'])
  })
  .use(middleware.auth())
