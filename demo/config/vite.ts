import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/vite'

export default defineConfig({
  buildDirectory: 'public/assets',
  manifestFile: app.makePath('public/assets/.vite/manifest.json'),
  assetsUrl: '/assets',
})
