import { defineComponent, h } from 'vue'
import { Tooltip } from '@ark-ui/vue/tooltip'

/**
 * The tooltip of an icon-only button (Ark UI Tooltip) around the default
 * slot: it shows the button's label on hover and keyboard focus; the
 * button keeps its own `aria-label`. A trigger that is also another
 * component's trigger (a menu) shares its id through `triggerId`.
 */
export const KitTooltip = defineComponent({
  name: 'KitTooltip',
  props: {
    label: { type: String, required: true },
    triggerId: { type: String, default: undefined },
  },
  setup(props, { slots }) {
    return () =>
      h(
        Tooltip.Root,
        {
          ids: props.triggerId ? { trigger: props.triggerId } : undefined,
          openDelay: 300,
          closeDelay: 100,
          positioning: { placement: 'top', strategy: 'fixed' },
          lazyMount: true,
          unmountOnExit: true,
        },
        () => [
          h(Tooltip.Trigger, { asChild: true }, () => slots.default?.()),
          h(Tooltip.Positioner, { class: 'kit-tooltip-positioner' }, () => [
            h(Tooltip.Content, { class: 'kit-tooltip' }, () => props.label),
          ]),
        ]
      )
  },
})
