import 'adonis-kit/styles.css'
import '../demo.css'
import { createApp, h, type DefineComponent } from 'vue'
import { createInertiaApp } from '@inertiajs/vue3'
import { Transmit } from '@adonisjs/transmit-client'
import { ResourcePage, registerKitTransmit } from 'adonis-kit/vue'
import DemoLayout from './layout.ts'
/* the kit-rating plugin's components (they load on demand, when a page draws a rating) */
import 'kit-rating/vue'

const KitPage = { ...ResourcePage, layout: DemoLayout } as unknown as DefineComponent

/* the notification bell listens on the user's transmit channel */
registerKitTransmit(new Transmit({ baseUrl: window.location.origin }))

createInertiaApp({
  title: (title: string) => (title ? `${title} · adonis-kit demo` : 'adonis-kit demo'),
  resolve: (name: string) => (name.startsWith('kit/') ? KitPage : undefined),
  setup({ el, App, props, plugin }: { el: HTMLElement | null; App: any; props: any; plugin: any }) {
    createApp({ render: () => h(App, props) })
      .use(plugin)
      .mount(el!)
  },
})
