import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import User from '../models/user.ts'

const loginValidator = vine.create({
  email: vine.string().trim().email(),
  password: vine.string(),
})

/**
 * Sign in and out with a session.
 */
export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('demo/login' as never, {} as never)
  }

  async store({ request, auth, session, response }: HttpContext) {
    const { email, password } = await request.validateUsing(loginValidator)
    try {
      const user = await User.verifyCredentials(email, password)
      await auth.use('web').login(user)
    } catch {
      session.flash('inputErrorsBag', { email: ['These credentials do not match our records.'] })
      return response.redirect().back()
    }
    return response.redirect().toPath('/admin/posts')
  }

  async destroy({ auth, response }: HttpContext) {
    await auth.use('web').logout()
    return response.redirect().toPath('/login')
  }
}
