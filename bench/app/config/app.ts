import { defineConfig } from '@adonisjs/core/http'
import env from '../start/env.ts'

export const appKey = env.get('APP_KEY')
export const appUrl = `http://${env.get('HOST')}:${env.get('PORT')}`

export const http = defineConfig({
  generateRequestId: false,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  cookie: { domain: '', path: '/', maxAge: '2h', httpOnly: true, secure: false, sameSite: 'lax' },
})
