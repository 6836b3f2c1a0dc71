import { h, type VNode } from 'vue'
import { joinDateField } from '../../renderers/shared.ts'
import type { KitText } from '../../renderers/text.ts'

/**
 * The time beside a date-time's date (the date picker and its stand-in
 * draw the same one): a change sends `YYYY-MM-DDTHH:mm`.
 */
export function timeInput(
  { date, time, describedBy }: { date: string; time: string; describedBy?: string },
  onChange: (value: string | null) => void,
  t: KitText
): VNode {
  return h('input', {
    'type': 'time',
    'class': 'kit-date-time',
    'aria-label': t('form.time'),
    'aria-describedby': describedBy,
    'value': time,
    'onInput': (event: Event) =>
      onChange(joinDateField(date, (event.target as HTMLInputElement).value, true)),
  })
}
