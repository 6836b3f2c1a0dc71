import 'adonis-kit/styles.css'
import '../demo.css'
import { createApp, h, type Component, type DefineComponent } from 'vue'
import { createInertiaApp } from '@inertiajs/vue3'
import { ResourcePage } from 'adonis-kit/vue'
import DemoLayout from './layout.ts'
import Login from './pages/login.ts'

const KitPage = { ...ResourcePage, layout: DemoLayout } as unknown as DefineComponent
const pages: Record<string, Component> = { 'demo/login': Login }

createInertiaApp({
  title: (title: string) => (title ? `${title} · adonis-kit demo` : 'adonis-kit demo'),
  resolve: (name: string) => (name.startsWith('kit/') ? KitPage : (pages[name] as DefineComponent)),
  setup({ el, App, props, plugin }: { el: HTMLElement | null; App: any; props: any; plugin: any }) {
    createApp({ render: () => h(App, props) })
      .use(plugin)
      .mount(el!)
  },
})
