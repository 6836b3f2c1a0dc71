import { defineConfig } from '@adonisjs/transmit'

/* live notifications in one process: no transport, no ping timer */
export default defineConfig({ pingInterval: false, transport: null })
