import 'adonis-kit/styles.css'
import '../demo.css'
import { createInertiaApp } from '@inertiajs/react'
import { createRoot } from 'react-dom/client'
import { Transmit } from '@adonisjs/transmit-client'
import { ResourcePage, registerKitTransmit, type KitPageProps } from 'adonis-kit/react'
import DemoLayout from './layout.tsx'
/* the kit-rating plugin's components (they load on demand, when a page draws a rating) */
import 'kit-rating/react'

function KitPage(props: KitPageProps) {
  return (
    <DemoLayout>
      <ResourcePage {...props} />
    </DemoLayout>
  )
}

/* the notification bell listens on the user's transmit channel */
registerKitTransmit(new Transmit({ baseUrl: window.location.origin }))

createInertiaApp({
  title: (title: string) => (title ? `${title} · adonis-kit demo` : 'adonis-kit demo'),
  resolve: (name: string) => (name.startsWith('kit/') ? KitPage : undefined),
  setup({ el, App, props }: { el: HTMLElement | null; App: any; props: any }) {
    createRoot(el!).render(<App {...props} />)
  },
})
