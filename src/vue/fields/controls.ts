import { defineAsyncComponent, h } from 'vue'
import type {
  CheckboxContract,
  CheckboxListContract,
  ColorPickerContract,
  DatePickerContract,
  FileUploadContract,
  FormFieldContract,
  KeyValueContract,
  MarkdownEditorContract,
  PasswordContract,
  RadioContract,
  RemoteSelectContract,
  RepeaterContract,
  RichEditorContract,
  SelectContract,
  TagsInputContract,
  TextareaContract,
  TextInputContract,
  ToggleContract,
} from '../../renderers/types.ts'
import { chosenKeys, mergeOptions } from '../../renderers/shared.ts'
import { renderRepeater } from '../form/repeater.ts'
import { renderComponent, type FieldControlProps } from '../registry.ts'
import { useText } from '../text.ts'
import { checkboxField } from './checkbox.ts'
import { checkboxListField } from './checkbox_list.ts'
import { FileUploadField } from './file_upload.ts'
import { KeyValueField } from './key_value.ts'
import { LazyDateField } from './lazy_date_field.ts'
import { MarkdownEditorField } from './markdown_editor.ts'
import { passwordField } from './password.ts'
import { ColorPickerFallback } from './picker_fallbacks.ts'
import { radioField } from './radio.ts'
import { RemoteSelect } from './remote_select.ts'
import { SelectField } from './select_field.ts'
import { TagsSelect } from './tags_select.ts'
import { tagsInputField } from './tags_input.ts'
import { ToggleField } from './toggle_field.ts'
/* the color picker is loaded only by forms that draw a color field */
const ColorPickerField = defineAsyncComponent({
  loader: () => import('./color_picker.ts').then((module) => module.ColorPickerField),
  loadingComponent: ColorPickerFallback,
  delay: 0,
})
/* Tiptap is loaded only by forms that draw a rich text field */
const RichEditorField = defineAsyncComponent(() =>
  import('./rich_editor.ts').then((module) => module.RichEditorField)
)

/**
 * The attributes of a native input drawing a field.
 */
function inputAttributes({ id, field, invalid, describedBy, required }: FieldControlProps) {
  return {
    'id': id,
    'name': field.name,
    'aria-invalid': invalid ? 'true' : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? 'true' : undefined,
    'disabled': field.disabled,
    'readonly': field.readOnly,
    'placeholder': field.placeholder ?? undefined,
  }
}

const text = (event: Event) => (event.target as HTMLInputElement).value

/**
 * The props of a control that draws the field's value with its own widget.
 */
function controlProps<F extends FormFieldContract>({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: FieldControlProps<F>) {
  return { id, field, value, invalid, describedBy, onChange }
}

/**
 * The id of the field's error message when it shows one (the controls
 * described by their error only).
 */
function errorOnly({ id, invalid }: FieldControlProps) {
  return invalid ? `${id}-error` : undefined
}

/**
 * A single-line text, email or number input.
 */
export const TextInputControl = renderComponent((props: FieldControlProps<TextInputContract>) =>
  h('input', {
    ...inputAttributes(props),
    type: props.field.inputType,
    maxlength: props.field.maxLength ?? undefined,
    placeholder: props.field.placeholder ?? undefined,
    value: String(props.value ?? ''),
    onInput: (event: Event) => props.onChange(text(event)),
  })
)

/**
 * A multi-line input.
 */
export const TextareaControl = renderComponent((props: FieldControlProps<TextareaContract>) =>
  h('textarea', {
    ...inputAttributes(props),
    rows: props.field.rows,
    maxlength: props.field.maxLength ?? undefined,
    value: String(props.value ?? ''),
    onInput: (event: Event) => props.onChange(text(event)),
  })
)

/**
 * A date or date-and-time picker (loaded on demand).
 */
export const DateControl = renderComponent((props: FieldControlProps<DatePickerContract>) =>
  h(LazyDateField, {
    id: props.id,
    name: props.field.name,
    withTime: props.field.type === 'datetime',
    value: typeof props.value === 'string' ? props.value : null,
    invalid: props.invalid,
    describedBy: props.describedBy,
    onChange: props.onChange,
  })
)

/**
 * A boolean switch.
 */
export const ToggleControl = renderComponent((props: FieldControlProps<ToggleContract>) =>
  h(ToggleField, {
    id: props.id,
    name: props.field.name,
    checked: props.value === true,
    invalid: props.invalid,
    describedBy: props.describedBy,
    onChange: props.onChange,
  })
)

/**
 * A select: searched on the server, a multiple select of tags, or a single
 * choice among the options (with those the option forms created).
 */
export const SelectControl = renderComponent((props: FieldControlProps<SelectContract>) => {
  const { id, field, value, invalid, describedBy, extraOptions, onChange } = props
  if (field.search) {
    return h(RemoteSelect, {
      id,
      field: field as RemoteSelectContract,
      value,
      describedBy: errorOnly(props),
      invalid,
      extraOptions,
      onChange,
    })
  }
  const options = mergeOptions(field.options, extraOptions)
  return field.multiple
    ? h(TagsSelect, {
        id,
        label: field.label,
        options,
        value: chosenKeys(value),
        invalid,
        describedBy,
        onChange,
      })
    : h(SelectField, {
        id,
        name: field.name,
        options,
        value: chosenKeys(value)[0] ?? null,
        emptyLabel: field.required ? useText()('form.choose') : '—',
        invalid,
        disabled: field.disabled || field.readOnly,
        describedBy,
        onChange,
      })
})

/**
 * A single checkbox.
 */
export const CheckboxControl = renderComponent((props: FieldControlProps<CheckboxContract>) =>
  checkboxField(props)
)

/**
 * Checkboxes for a list of options.
 */
export const CheckboxListControl = renderComponent(
  (props: FieldControlProps<CheckboxListContract>) => checkboxListField(props)
)

/**
 * Radio buttons.
 */
export const RadioControl = renderComponent((props: FieldControlProps<RadioContract>) =>
  radioField(props)
)

/**
 * A list of short strings typed one by one.
 */
export const TagsControl = renderComponent((props: FieldControlProps<TagsInputContract>) =>
  tagsInputField(props)
)

/**
 * Key-value rows.
 */
export const KeyValueControl = renderComponent((props: FieldControlProps<KeyValueContract>) =>
  h(KeyValueField, controlProps(props))
)

/**
 * A color picker (loaded on demand; a text input stands in meanwhile).
 */
export const ColorControl = renderComponent((props: FieldControlProps<ColorPickerContract>) =>
  h(ColorPickerField, controlProps(props))
)

/**
 * A password, with its confirmation submitted under its own name.
 */
export const PasswordControl = renderComponent((props: FieldControlProps<PasswordContract>) => {
  const { field } = props
  return passwordField(
    {
      ...props,
      confirmation: field.confirmation ? String(props.values[field.confirmation.name] ?? '') : '',
      onConfirm: (value) => field.confirmation && props.onOther(field.confirmation.name, value),
    },
    useText()
  )
})

/**
 * A repeater: its items drawn with the form's fields.
 */
export const RepeaterControl = renderComponent((props: FieldControlProps<RepeaterContract>) =>
  renderRepeater(
    props.id,
    props.field,
    props.value,
    props.errorOf,
    props.onChange,
    props.renderField
  )
)

/**
 * A file upload.
 */
export const FileControl = renderComponent((props: FieldControlProps<FileUploadContract>) =>
  h(FileUploadField, {
    ...controlProps(props),
    describedBy: errorOnly(props),
    onFiles: props.onFiles,
  })
)

/**
 * A rich text editor (Tiptap, loaded on demand).
 */
export const RichTextControl = renderComponent((props: FieldControlProps<RichEditorContract>) =>
  h(RichEditorField, { ...controlProps(props), describedBy: errorOnly(props) })
)

/**
 * A Markdown source editor with its preview.
 */
export const MarkdownControl = renderComponent((props: FieldControlProps<MarkdownEditorContract>) =>
  h(MarkdownEditorField, { ...controlProps(props), describedBy: errorOnly(props) })
)
