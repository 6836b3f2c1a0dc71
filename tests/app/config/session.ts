import { defineConfig, stores } from '@adonisjs/session'
import env from '../start/env.ts'

export default defineConfig({
  enabled: true,
  cookieName: 'adonis-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: { path: '/', httpOnly: true, secure: false, sameSite: 'lax' },
  store: env.get('SESSION_DRIVER'),
  stores: { cookie: stores.cookie() },
})
