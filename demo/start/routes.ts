import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'

/* Server-Sent Events of @adonisjs/transmit: the notification bell listens on them */
transmit.registerRoutes()

router.get('/', ({ response }) => response.redirect().toPath('/admin/posts'))
/* the panels own sign-in (panel().login()); the application's login route leads there */
router.get('/login', ({ response }) => response.redirect().toPath('/admin/login')).as('login')

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
