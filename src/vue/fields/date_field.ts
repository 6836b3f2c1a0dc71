import { computed, defineComponent, h, type PropType } from 'vue'
import { DatePicker, parseDate, type UseDatePickerContext } from '@ark-ui/vue/date-picker'
import {
  calendarNames,
  dateFieldParts,
  dateInputLocale,
  joinDateField,
  parseIsoDate,
  type CalendarDay,
} from '../../renderers/shared.ts'
import { KitIcon } from '../icons.ts'
import { timeInput } from './time_input.ts'
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
 */
export const DateField = defineComponent({
  name: 'DateField',
  props: {
    id: { type: String, required: true },
    name: { type: String, required: true },
    withTime: { type: Boolean, default: false },
    value: { type: String as PropType<string | null>, default: null },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
    /** The earliest date that may be picked (`YYYY-MM-DD`) */
    min: { type: String as PropType<string | null>, default: null },
    /** The latest date that may be picked (`YYYY-MM-DD`) */
    max: { type: String as PropType<string | null>, default: null },
  },
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

    return () => {
      const { date, time } = dateFieldParts(props.value)
      const picked = parseIsoDate(date)
      return h('div', { class: 'kit-date-field' }, [
        h(
          DatePicker.Root,
          {
            'class': 'kit-date-picker',
            'ids': { input: () => props.id, label: () => `${props.id}-label` },
            'name': props.name,
            'locale': dateInputLocale(locale()),
            'placeholder': t('form.datePlaceholder'),
            'startOfWeek': names.value.startOfWeek,
            'modelValue': picked ? [parseDate(picked)] : [],
            'min': props.min ? parseDate(props.min) : undefined,
            'max': props.max ? parseDate(props.max) : undefined,
            'onUpdate:modelValue': (value: { toString(): string }[]) =>
              change(joinDateField(value[0]?.toString() ?? '', time, props.withTime)),
            'format': (day: { toString(): string }) => day.toString(),
            'parse': (text: string) => {
              const iso = parseIsoDate(text.trim())
              return iso ? parseDate(iso) : undefined
            },
            'invalid': props.invalid,
            'positioning': { strategy: 'fixed', placement: 'bottom-start' },
            /* the calendar is drawn only while open (no hidden table in a table's toolbar) */
            'lazyMount': true,
            'unmountOnExit': true,
            'translations': {
              trigger: () => t('form.pickDate'),
              prevTrigger: () => t('form.previousMonth'),
              nextTrigger: () => t('form.nextMonth'),
              dayCell: (state: { value: CalendarDay }) => names.value.day(state.value),
              content: t('form.calendar'),
            },
          },
          () => [
            h(DatePicker.Control, { class: 'kit-date-control' }, () => [
              h(DatePicker.Input, {
                /* Vue reads an absent boolean prop as false: commit the typed date on blur */
                'fixOnBlur': true,
                'aria-describedby': props.describedBy,
                'aria-invalid': props.invalid ? 'true' : undefined,
                /* an emptied input sends the empty value at once */
                'onInput': (event: Event) => {
                  if ((event.target as HTMLInputElement).value === '')
                    change(joinDateField('', time, props.withTime))
                },
              }),
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
