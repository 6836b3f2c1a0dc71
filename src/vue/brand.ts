import { defineComponent, h, type PropType } from 'vue'
import { Head } from '@inertiajs/vue3'
import type { KitPanelContract } from '../renderers/types.ts'
import { brandLogoStyle } from '../renderers/behaviour.ts'

/**
 * The panel's logo (one image per color mode when it has two) with the
 * brand name as its text alternative, or the brand name alone.
 */
export const BrandMark = defineComponent({
  name: 'BrandMark',
  props: {
    kitPanel: { type: Object as PropType<KitPanelContract | null>, default: null },
    brand: { type: String, required: true },
  },
  setup(props) {
    return () => {
      const logo = props.kitPanel?.logo
      if (!logo) return props.brand
      const style = brandLogoStyle(logo)
      return h('span', { class: 'kit-logo' }, [
        h('img', {
          class: logo.dark ? 'kit-logo-light' : undefined,
          src: logo.light,
          alt: props.brand,
          style,
        }),
        logo.dark
          ? h('img', { class: 'kit-logo-dark', src: logo.dark, alt: props.brand, style })
          : null,
      ])
    }
  },
})

/**
 * The panel's favicon in the page head (removed by Inertia when a page of
 * another panel renders without it).
 */
export const PanelFavicon = defineComponent({
  name: 'PanelFavicon',
  props: {
    kitPanel: { type: Object as PropType<KitPanelContract | null>, default: null },
  },
  setup(props) {
    return () =>
      props.kitPanel?.favicon
        ? h(Head, null, () => [
            h('link', {
              'rel': 'icon',
              'href': props.kitPanel!.favicon,
              'head-key': 'kit-favicon',
            }),
          ])
        : null
  },
})
