import { defineConfig, services } from '@adonisjs/drive'

/**
 * Drive of the test application: a local disk under tmp/ (served at
 * /uploads) as the default, the embedded setup of file uploads; and a
 * private one (served at /private-uploads, signed URLs only).
 */
export default defineConfig({
  default: 'local',
  services: {
    local: services.fs({
      location: new URL(`../tmp/uploads-${process.env.PORT ?? 'test'}/`, import.meta.url),
      serveFiles: true,
      routeBasePath: '/uploads',
      visibility: 'public',
    }),
    private: services.fs({
      location: new URL(`../tmp/private-uploads-${process.env.PORT ?? 'test'}/`, import.meta.url),
      serveFiles: true,
      routeBasePath: '/private-uploads',
      visibility: 'private',
    }),
  },
})
