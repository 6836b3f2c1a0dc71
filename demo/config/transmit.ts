import { defineConfig } from '@adonisjs/transmit'

/* the notification bell, live in one process (no transport); a ping keeps proxies from closing the stream */
export default defineConfig({ pingInterval: '30s', transport: null })
