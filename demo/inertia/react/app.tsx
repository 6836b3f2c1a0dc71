import 'adonis-kit/styles.css'
import '../demo.css'
import { createInertiaApp } from '@inertiajs/react'
import { createRoot } from 'react-dom/client'
import type { ComponentType } from 'react'
import { ResourcePage, type KitPageProps } from 'adonis-kit/react'
import DemoLayout from './layout.tsx'
import Login from './pages/login.tsx'

function KitPage(props: KitPageProps) {
  return (
    <DemoLayout>
      <ResourcePage {...props} />
    </DemoLayout>
  )
}

const pages: Record<string, ComponentType<any>> = { 'demo/login': Login }

createInertiaApp({
  title: (title: string) => (title ? `${title} · adonis-kit demo` : 'adonis-kit demo'),
  resolve: (name: string) => (name.startsWith('kit/') ? KitPage : pages[name]),
  setup({ el, App, props }: { el: HTMLElement | null; App: any; props: any }) {
    createRoot(el!).render(<App {...props} />)
  },
})
