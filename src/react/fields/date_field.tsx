import { useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { DatePicker, parseDate } from '@ark-ui/react/date-picker'
import {
  calendarNames,
  dateFieldParts,
  dateInputLocale,
  joinDateField,
  parseIsoDate,
} from '../../renderers/shared.ts'
import { DateTyping } from '../../renderers/date_typing.ts'
import { KitIcon } from '../icons.tsx'
import { TimeInput } from './time_input.tsx'
import { useLocale, useText } from '../text.tsx'
import type { DateFieldProps } from './field_props.ts'

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
 * The picker's value is the field's own copy of the date (`held`),
 * committed at once (`flushSync`) when the picker chooses one: the picker
 * reads its date back within the same key press to rewrite its input, and
 * a date the form has not drawn yet would put the previous one there.
 * `DateTyping` decides the rest (an emptied input, the form's date from
 * outside).
 */
export function DateField({
  id,
  name,
  withTime,
  value,
  invalid,
  describedBy,
  min,
  max,
  onChange,
}: DateFieldProps) {
  const t = useText()
  const locale = useLocale()
  const names = useMemo(() => calendarNames(locale), [locale])
  const { date, time } = dateFieldParts(value)
  const picked = parseIsoDate(date)
  const [held, setHeld] = useState(picked)
  const current = useRef({ held, time, withTime, onChange })
  current.current = { held, time, withTime, onChange }
  const [typing] = useState(
    () =>
      new DateTyping({
        held: () => current.current.held,
        hold: (next) => {
          current.current.held = next
          flushSync(() => setHeld(next))
        },
        emit: (next) => {
          const { time: at, withTime: timed, onChange: send } = current.current
          send(joinDateField(next ?? '', at, timed))
        },
        focused: () => document.activeElement?.id === id,
        nextFrame: (run) => void requestAnimationFrame(run),
      })
  )
  useEffect(() => {
    if (typing.follows(picked)) setHeld(picked)
  }, [typing, picked])
  const pickerValue = useMemo(() => (held ? [parseDate(held)] : []), [held])
  /* after the picker handled the same event */
  const settle = (text: string, blurred: boolean) =>
    queueMicrotask(() => typing.settled(text, blurred))
  return (
    <div className="kit-date-field">
      <DatePicker.Root
        className="kit-date-picker"
        ids={{ input: () => id, label: () => `${id}-label` }}
        name={name}
        locale={dateInputLocale(locale)}
        placeholder={t('form.datePlaceholder')}
        startOfWeek={names.startOfWeek}
        value={pickerValue}
        min={min ? parseDate(min) : undefined}
        max={max ? parseDate(max) : undefined}
        onValueChange={(details) => typing.changed(details.value[0]?.toString() ?? null)}
        format={(day) => day.toString()}
        parse={(text) => {
          const iso = parseIsoDate(text.trim())
          return iso ? parseDate(iso) : undefined
        }}
        invalid={invalid}
        positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
        /* the calendar is drawn only while open (no hidden table in a table's toolbar) */
        lazyMount
        unmountOnExit
        translations={{
          trigger: () => t('form.pickDate'),
          prevTrigger: () => t('form.previousMonth'),
          nextTrigger: () => t('form.nextMonth'),
          dayCell: (state) => names.day(state.value),
          content: t('form.calendar'),
        }}
      >
        <DatePicker.Control className="kit-date-control">
          <DatePicker.Input
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onInput={(event) => typing.typed(event.currentTarget)}
            onBlur={(event) => settle(event.currentTarget.value, true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') settle(event.currentTarget.value, false)
            }}
          />
          <DatePicker.Trigger className="kit-date-trigger">
            <KitIcon name="calendar" />
          </DatePicker.Trigger>
        </DatePicker.Control>
        <DatePicker.Positioner className="kit-combobox-positioner">
          <DatePicker.Content className="kit-date-content">
            <DatePicker.View view="day">
              <DatePicker.Context>
                {(api) => (
                  <>
                    <DatePicker.ViewControl className="kit-date-nav">
                      <DatePicker.PrevTrigger className="kit-date-nav-button">
                        <KitIcon name="chevron-left" />
                      </DatePicker.PrevTrigger>
                      <span className="kit-date-range">{names.month(api.visibleRange.start)}</span>
                      <DatePicker.NextTrigger className="kit-date-nav-button">
                        <KitIcon name="chevron-right" />
                      </DatePicker.NextTrigger>
                    </DatePicker.ViewControl>
                    <DatePicker.Table
                      className="kit-date-table"
                      aria-label={names.month(api.visibleRange.start)}
                    >
                      <DatePicker.TableHead>
                        <DatePicker.TableRow>
                          {api.weekDays.map((day, index) => (
                            <DatePicker.TableHeader key={index} abbr={names.weekdayLong(day.value)}>
                              {names.weekdayNarrow(day.value)}
                            </DatePicker.TableHeader>
                          ))}
                        </DatePicker.TableRow>
                      </DatePicker.TableHead>
                      <DatePicker.TableBody>
                        {api.weeks.map((week, index) => (
                          <DatePicker.TableRow key={index}>
                            {week.map((day, position) => (
                              <DatePicker.TableCell key={position} value={day}>
                                <DatePicker.TableCellTrigger className="kit-date-day">
                                  {day.day}
                                </DatePicker.TableCellTrigger>
                              </DatePicker.TableCell>
                            ))}
                          </DatePicker.TableRow>
                        ))}
                      </DatePicker.TableBody>
                    </DatePicker.Table>
                  </>
                )}
              </DatePicker.Context>
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </DatePicker.Root>
      {withTime ? (
        <TimeInput date={date} time={time} describedBy={describedBy} onChange={onChange} />
      ) : null}
    </div>
  )
}
