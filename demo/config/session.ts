import { defineConfig, stores } from '@adonisjs/session'

export default defineConfig({
  enabled: true,
  cookieName: 'kit-demo-session',
  clearWithBrowser: true,
  age: '2h',
  cookie: { path: '/', httpOnly: true, secure: false, sameSite: 'lax' },
  store: 'cookie',
  stores: { cookie: stores.cookie() },
})
