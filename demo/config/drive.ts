import { defineConfig, services } from '@adonisjs/drive'

/**
 * The demo stores uploads on a local disk served at /uploads. In production
 * an application points the default (or a FileUpload's `.disk()`) at S3,
 * GCS or any Drive service.
 */
export default defineConfig({
  default: 'local',
  services: {
    local: services.fs({
      location: new URL('../tmp/uploads/', import.meta.url),
      serveFiles: true,
      routeBasePath: '/uploads',
      visibility: 'public',
    }),
  },
})
