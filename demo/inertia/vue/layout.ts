import { defineComponent, h } from 'vue'
import { router, usePage } from '@inertiajs/vue3'

/**
 * The demo's frame: who is signed in, the renderer switch, sign out.
 */
export default defineComponent({
  name: 'DemoLayout',
  setup(_props, { slots }) {
    const page = usePage<{ user?: { email: string } | null }>()
    return () => [
      h('header', { class: 'demo-bar' }, [
        h('strong', 'adonis-kit demo'),
        h('span', ['Renderer: Vue · ', h('a', { href: '/renderer/react' }, 'Switch to React')]),
        page.props.user
          ? h('span', [
              `${page.props.user.email} `,
              h(
                'button',
                { type: 'button', class: 'kit-button', onClick: () => router.post('/logout') },
                'Sign out'
              ),
            ])
          : null,
      ]),
      slots.default?.(),
    ]
  },
})
