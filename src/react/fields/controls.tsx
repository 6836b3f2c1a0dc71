import { Suspense, lazy } from 'react'
import type {
  ColorPickerContract,
  DatePickerContract,
  PasswordContract,
  RemoteSelectContract,
  RepeaterContract,
  RichEditorContract,
  SelectContract,
  TextareaContract,
  TextInputContract,
  ToggleContract,
} from '../../renderers/types.ts'
import { chosenKeys, mergeOptions } from '../../renderers/shared.ts'
import type { FieldControlProps } from '../registry.tsx'
import { useText } from '../text.tsx'
import { RepeaterInput } from '../form/repeater.tsx'
import { ColorPickerFallback } from './picker_fallbacks.tsx'
import { LazyDateField } from './lazy_date_field.tsx'
import { PasswordField } from './password.tsx'
import { RemoteSelect } from './remote_select.tsx'
import { SelectField } from './select_field.tsx'
import { TagsSelect } from './tags_select.tsx'
import { ToggleField } from './toggle_field.tsx'
/* the color picker is loaded only by forms that draw a color field */
const ColorPickerField = lazy(() =>
  import('./color_picker.tsx').then((module) => ({ default: module.ColorPickerField }))
)
/* Tiptap is loaded only by forms that draw a rich text field */
const RichEditorField = lazy(() =>
  import('./rich_editor.tsx').then((module) => ({ default: module.RichEditorField }))
)

/**
 * The attributes of a native input drawing a field.
 */
function inputAttributes({ id, field, invalid, describedBy, required }: FieldControlProps) {
  return {
    id,
    'name': field.name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    'disabled': field.disabled,
    'readOnly': field.readOnly,
    'placeholder': field.placeholder ?? undefined,
  }
}

/**
 * A single-line text, email or number input.
 */
export function TextInputControl(props: FieldControlProps<TextInputContract>) {
  const { field, value, onChange } = props
  return (
    <input
      {...inputAttributes(props)}
      type={field.inputType}
      maxLength={field.maxLength ?? undefined}
      placeholder={field.placeholder ?? undefined}
      value={String(value ?? '')}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/**
 * A multi-line input.
 */
export function TextareaControl(props: FieldControlProps<TextareaContract>) {
  const { field, value, onChange } = props
  return (
    <textarea
      {...inputAttributes(props)}
      rows={field.rows}
      maxLength={field.maxLength ?? undefined}
      value={String(value ?? '')}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/**
 * A date or date-and-time picker (loaded on demand).
 */
export function DateControl({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: FieldControlProps<DatePickerContract>) {
  return (
    <LazyDateField
      id={id}
      name={field.name}
      withTime={field.type === 'datetime'}
      value={typeof value === 'string' ? value : null}
      invalid={invalid}
      describedBy={describedBy}
      onChange={onChange}
    />
  )
}

/**
 * A boolean switch.
 */
export function ToggleControl(props: FieldControlProps<ToggleContract>) {
  return (
    <ToggleField
      {...inputAttributes(props)}
      checked={props.value === true}
      onChange={props.onChange}
    />
  )
}

/**
 * A select: searched on the server, a multiple select of tags, or a single
 * choice among the options (with those the option forms created).
 */
export function SelectControl({
  id,
  field,
  value,
  invalid,
  describedBy,
  extraOptions,
  onChange,
}: FieldControlProps<SelectContract>) {
  const t = useText()
  if (field.search) {
    return (
      <RemoteSelect
        id={id}
        field={field as RemoteSelectContract}
        value={value}
        describedBy={describedBy}
        invalid={invalid}
        extraOptions={extraOptions}
        onChange={onChange}
      />
    )
  }
  const options = mergeOptions(field.options, extraOptions)
  return field.multiple ? (
    <TagsSelect
      id={id}
      label={field.label}
      options={options}
      value={chosenKeys(value)}
      invalid={invalid}
      describedBy={describedBy}
      onChange={onChange}
    />
  ) : (
    <SelectField
      id={id}
      name={field.name}
      options={options}
      value={chosenKeys(value)[0] ?? null}
      emptyLabel={field.required ? t('form.choose') : '—'}
      invalid={invalid}
      disabled={field.disabled || field.readOnly}
      describedBy={describedBy}
      onChange={onChange}
    />
  )
}

/**
 * A color picker (loaded on demand; a text input stands in meanwhile).
 */
export function ColorControl(props: FieldControlProps<ColorPickerContract>) {
  return (
    <Suspense fallback={<ColorPickerFallback {...props} />}>
      <ColorPickerField {...props} />
    </Suspense>
  )
}

/**
 * A password, with its confirmation submitted under its own name.
 */
export function PasswordControl(props: FieldControlProps<PasswordContract>) {
  const { field } = props
  return (
    <PasswordField
      {...props}
      confirmation={field.confirmation ? String(props.values[field.confirmation.name] ?? '') : ''}
      onConfirm={(value) => field.confirmation && props.onOther(field.confirmation.name, value)}
    />
  )
}

/**
 * A repeater: its items drawn with the form's fields.
 */
export function RepeaterControl(props: FieldControlProps<RepeaterContract>) {
  return (
    <RepeaterInput
      id={props.id}
      field={props.field}
      value={props.value}
      errorOf={props.errorOf}
      onChange={props.onChange}
      renderField={props.renderField}
    />
  )
}

/**
 * A rich text editor (Tiptap, loaded on demand).
 */
export function RichTextControl(props: FieldControlProps<RichEditorContract>) {
  return (
    <Suspense fallback={<div className="kit-rich" aria-busy="true" />}>
      <RichEditorField {...props} />
    </Suspense>
  )
}
