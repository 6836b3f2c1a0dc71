import { joinDateField } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'

/**
 * The time beside a date-time's date (the date picker and its stand-in
 * draw the same one): a change sends `YYYY-MM-DDTHH:mm`.
 */
export function TimeInput({
  date,
  time,
  describedBy,
  onChange,
}: {
  date: string
  time: string
  describedBy?: string
  onChange: (value: string | null) => void
}) {
  const t = useText()
  return (
    <input
      type="time"
      className="kit-date-time"
      aria-label={t('form.time')}
      aria-describedby={describedBy}
      value={time}
      onChange={(event) => onChange(joinDateField(date, event.target.value, true))}
    />
  )
}
