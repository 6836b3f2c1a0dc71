import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'

/**
 * The demo's frontend: one entry point per renderer.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    adonisjs({ entryPoints: ['inertia/react/app.tsx', 'inertia/vue/app.ts'], reload: [] }),
  ],
  build: { emptyOutDir: true },
})
