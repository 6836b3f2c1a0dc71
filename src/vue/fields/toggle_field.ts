import { defineComponent, h } from 'vue'
import { Switch } from '@ark-ui/vue/switch'

/**
 * A Toggle field drawn with Ark UI Switch: a visually hidden checkbox with
 * `role="switch"` (named by the field's `<label for={id}>`) and its track
 * and thumb. Space toggles it, and so does a click on the track.
 */
export const ToggleField = defineComponent({
  name: 'ToggleField',
  props: {
    id: { type: String, required: true },
    name: { type: String, required: true },
    checked: { type: Boolean, default: false },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: ['change'],
  setup(props, { emit }) {
    return () =>
      h(
        Switch.Root,
        {
          class: 'kit-switch',
          ids: { hiddenInput: props.id, label: `${props.id}-label` },
          name: props.name,
          checked: props.checked,
          invalid: props.invalid,
          onCheckedChange: (details: { checked: boolean }) => emit('change', details.checked),
        },
        () => [
          h(Switch.Control, { class: 'kit-switch-control' }, () => [
            h(Switch.Thumb, { class: 'kit-switch-thumb' }),
          ]),
          h(Switch.HiddenInput, { 'role': 'switch', 'aria-describedby': props.describedBy }),
        ]
      )
  },
})
