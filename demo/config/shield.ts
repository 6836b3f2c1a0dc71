import { defineConfig } from '@adonisjs/shield'

/**
 * CSRF on every mutation; the XSRF-TOKEN cookie lets Inertia send the token.
 */
export default defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    exceptRoutes: [],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: false, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})
