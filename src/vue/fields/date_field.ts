import { computed, defineComponent, h, mergeProps, shallowRef, watch, type VNode } from 'vue'
import {
  DatePicker,
  parseDate,
  useDatePicker,
  type UseDatePickerContext,
  type UseDatePickerProps,
} from '@ark-ui/vue/date-picker'
import {
  calendarNames,
  dateFieldParts,
  dateInputLocale,
  joinDateField,
  parseIsoDate,
} from '../../renderers/shared.ts'
import { DateTyping, type DateTypingPort } from '../../renderers/date_typing.ts'
import { KitIcon } from '../icons.ts'
import { timeInput } from './time_input.ts'
import { dateFieldProps } from './field_props.ts'
import { useLocale, useText } from '../text.ts'

/**
 * A Date or DateTime field drawn with Ark UI DatePicker: a text input in
 * the server's format (`YYYY-MM-DD`, typed or picked in the calendar; the
 * calendar's month and day names in the panel's locale) and,
 * for date-times, a time input beside it. The value sent is the same
 * string as before (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`); an empty date
 * sends null. The picker's own words (the date it announces once picked,
 * the month it announces when paging) are in the panel's language too
 * (`dateInputLocale`). Loaded on demand: the form draws
 * `DateFieldFallback` meanwhile.
 *
 * The picker's value is the field's own copy of the date (`held`), read
 * through the picker's computed props: the picker reads its date back
 * within the same key press to rewrite its input, and a date the parent
 * has not passed down yet would put the previous one there. `DateTyping`
 * decides the rest (an emptied input, the form's date from outside).
 */
export const DateField = defineComponent({
  name: 'DateField',
  props: dateFieldProps,
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const locale = useLocale()
    const names = computed(() => calendarNames(locale()))
    const change = (value: string | null) => emit('change', value)

    const calendar = (api: UseDatePickerContext['value']) => [
      h(DatePicker.ViewControl, { class: 'kit-date-nav' }, () => [
        h(DatePicker.PrevTrigger, { class: 'kit-date-nav-button' }, () => [
          h(KitIcon, { name: 'chevron-left' }),
        ]),
        h('span', { class: 'kit-date-range' }, names.value.month(api.visibleRange.start)),
        h(DatePicker.NextTrigger, { class: 'kit-date-nav-button' }, () => [
          h(KitIcon, { name: 'chevron-right' }),
        ]),
      ]),
      h(
        DatePicker.Table,
        { 'class': 'kit-date-table', 'aria-label': names.value.month(api.visibleRange.start) },
        () => [
          h(DatePicker.TableHead, null, () => [
            h(DatePicker.TableRow, null, () =>
              api.weekDays.map((day, index) =>
                h(
                  DatePicker.TableHeader,
                  { key: index, abbr: names.value.weekdayLong(day.value) },
                  () => names.value.weekdayNarrow(day.value)
                )
              )
            ),
          ]),
          h(DatePicker.TableBody, null, () =>
            api.weeks.map((week, index) =>
              h(DatePicker.TableRow, { key: index }, () =>
                week.map((day, position) =>
                  h(DatePicker.TableCell, { key: position, value: day }, () => [
                    h(DatePicker.TableCellTrigger, { class: 'kit-date-day' }, () =>
                      String(day.day)
                    ),
                  ])
                )
              )
            )
          ),
        ]
      ),
    ]

    const parts = computed(() => dateFieldParts(props.value))
    const picked = computed(() => parseIsoDate(parts.value.date))
    /* the field's own copy of the date, the picker's controlled value */
    const held = shallowRef(picked.value)
    /* read by the picker's own computed: the getters keep it following the props */
    const options: UseDatePickerProps = {
      ids: { input: () => props.id, label: () => `${props.id}-label` },
      get name() {
        return props.name
      },
      get locale() {
        return dateInputLocale(locale())
      },
      get placeholder() {
        return t('form.datePlaceholder')
      },
      get startOfWeek() {
        return names.value.startOfWeek
      },
      /* read through the picker's computed props: a date held is read back at once */
      get modelValue() {
        return held.value ? [parseDate(held.value)] : []
      },
      get min() {
        return props.min ? parseDate(props.min) : undefined
      },
      get max() {
        return props.max ? parseDate(props.max) : undefined
      },
      get invalid() {
        return props.invalid
      },
      onValueChange: (details) => typing.changed(details.value[0]?.toString() ?? null),
      format: (day) => day.toString(),
      parse: (text) => {
        const iso = parseIsoDate(text.trim())
        return iso ? parseDate(iso) : undefined
      },
      positioning: { strategy: 'fixed', placement: 'bottom-start' },
      translations: {
        trigger: () => t('form.pickDate'),
        prevTrigger: () => t('form.previousMonth'),
        nextTrigger: () => t('form.nextMonth'),
        dayCell: (state) => names.value.day(state.value),
        get content() {
          return t('form.calendar')
        },
      },
    }
    const picker = useDatePicker(options)
    const port: DateTypingPort = {
      held: () => held.value,
      hold: (next) => {
        held.value = next
      },
      emit: (next) => change(joinDateField(next ?? '', parts.value.time, props.withTime)),
      focused: () => document.activeElement?.id === props.id,
      nextFrame: (run) => void requestAnimationFrame(run),
    }
    const typing = new DateTyping(port)
    watch(picked, (next) => {
      if (typing.follows(next)) port.hold(next)
    })
    /* after the picker handled the same event */
    const settle = (event: Event, blurred: boolean) => {
      const text = (event.currentTarget as HTMLInputElement).value
      queueMicrotask(() => typing.settled(text, blurred))
    }
    /*
     * The picker's input without its `value`: Vue writes a `value` back on
     * every render, which would replace what the person is typing with the
     * date the picker holds. The picker writes the input itself when its
     * date changes, as it does in React; the first text is set on mount.
     */
    const inputProps = () => {
      const { value: shown, ...own } = picker.value.getInputProps({
        index: 0,
        fixOnBlur: true,
      }) as Record<string, unknown>
      return mergeProps(own, {
        'aria-describedby': props.describedBy,
        'aria-invalid': props.invalid ? 'true' : undefined,
        'onInput': (event: Event) => typing.typed(event.currentTarget as HTMLInputElement),
        'onFocusout': (event: Event) => settle(event, true),
        'onKeydown': (event: KeyboardEvent) => {
          if (event.key === 'Enter') settle(event, false)
        },
        'onVnodeMounted': (vnode: VNode) => {
          ;(vnode.el as HTMLInputElement).value = String(shown ?? '')
        },
      })
    }

    return () => {
      const { date, time } = parts.value
      return h('div', { class: 'kit-date-field' }, [
        h(
          DatePicker.RootProvider,
          {
            class: 'kit-date-picker',
            value: picker.value,
            /* the calendar is drawn only while open (no hidden table in a table's toolbar) */
            lazyMount: true,
            unmountOnExit: true,
          },
          () => [
            h(DatePicker.Control, { class: 'kit-date-control' }, () => [
              h('input', inputProps()),
              h(DatePicker.Trigger, { class: 'kit-date-trigger' }, () => [
                h(KitIcon, { name: 'calendar' }),
              ]),
            ]),
            h(DatePicker.Positioner, { class: 'kit-combobox-positioner' }, () => [
              h(DatePicker.Content, { class: 'kit-date-content' }, () => [
                h(DatePicker.View, { view: 'day' }, () => [
                  h(DatePicker.Context, null, {
                    default: (api: UseDatePickerContext['value']) => calendar(api),
                  }),
                ]),
              ]),
            ]),
          ]
        ),
        props.withTime
          ? timeInput({ date, time, describedBy: props.describedBy }, change, t)
          : null,
      ])
    }
  },
})
