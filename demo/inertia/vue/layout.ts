import { defineComponent, h } from 'vue'

/**
 * The demo's frame: the renderer switch (the panels draw their own user
 * menu and sign-out).
 */
export default defineComponent({
  name: 'DemoLayout',
  setup(_props, { slots }) {
    return () => [
      h('header', { class: 'demo-bar' }, [
        h('strong', 'adonis-kit demo'),
        h('span', ['Renderer: Vue · ', h('a', { href: '/renderer/react' }, 'Switch to React')]),
      ]),
      slots.default?.(),
    ]
  },
})
