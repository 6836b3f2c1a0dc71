/*
 * adonis-kit
 *
 * Contracts of forms and of the input, select, date, file, rich text and repeater fields.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type {
  CheckboxContract,
  CheckboxListContract,
  ColorPickerContract,
  FieldAffordancesContract,
  KeyValueContract,
  PasswordContract,
  RadioContract,
  TagsInputContract,
} from './fields.ts'
import type { LayoutNodeContract } from './layout.ts'
import type { SerializableValue } from './values.ts'

/**
 * A single-line input (text, email or number).
 */
export interface TextInputContract extends FieldAffordancesContract {
  type: 'text'
  name: string
  label: string
  required: boolean
  inputType: 'text' | 'email' | 'number'
  maxLength: number | null
  placeholder: string | null
}

/**
 * What every field carries.
 */
export interface BaseFieldContract extends FieldAffordancesContract {
  name: string
  label: string
  required: boolean
}

/**
 * A multi-line input.
 */
export interface TextareaContract extends BaseFieldContract {
  type: 'textarea'
  rows: number
  maxLength: number | null
}

/**
 * A date (`yyyy-MM-dd`) or date-and-time (ISO 8601) input.
 */
export interface DatePickerContract extends BaseFieldContract {
  type: 'date' | 'datetime'
}

/**
 * A boolean switch.
 */
export interface ToggleContract extends BaseFieldContract {
  type: 'toggle'
  default: boolean
}

/**
 * A select. `options` holds the static options, the preloaded options of a
 * relationship, or (remote selects) the labels of the current values only.
 */
export interface SelectContract extends BaseFieldContract {
  type: 'select'
  options: { value: string; label: string }[]
  multiple: boolean
  searchable: boolean
  preload: boolean
  /** Milliseconds to wait after a keystroke before searching */
  searchDebounce: number
  /**
   * Remote search on the page's own GET route: request
   * `url?<fieldParameter>=<name>&<searchParameter>=<term>` (JSON answer
   * `{ options }`, at most 50); terms shorter than `minLength` get nothing.
   */
  search: {
    url: string
    fieldParameter: string
    searchParameter: string
    minLength: number
  } | null
  /** The relationship the select edits */
  relationship: { name: string; kind: 'belongsTo' | 'manyToMany' } | null
  /** A form to create an option: POST its fields to `url` (JSON answer `{ option }`) */
  createOption: OptionFormContract | null
  /** A form to edit an option: PATCH to `url` with the option value in place of `{option}` */
  editOption: OptionFormContract | null
}

/**
 * A form that creates or edits one option of a select. It is validated on
 * its own and never submits the parent form.
 */
export interface OptionFormContract {
  fields: FormFieldContract[]
  url: string
  method: 'post' | 'patch'
}

/**
 * A value of a form field: a scalar, the keys of a multiple select, or the
 * items of a repeater.
 */
export type FormValue = string | number | boolean | null | (string | number)[] | RepeaterItem[]

/**
 * The form fields by contract `type`: one member per field the renderers
 * draw. A plugin adds its own by augmenting this interface
 * (`declare module 'adonis-kit/contracts' { interface KitFieldContracts {
 * rating: RatingFieldContract } }`); each renderer's registry must then
 * hold a component for it (`registerKitComponents({ fields: { rating } })`).
 */
export interface KitFieldContracts {
  text: TextInputContract
  textarea: TextareaContract
  date: DatePickerContract
  datetime: DatePickerContract
  toggle: ToggleContract
  select: SelectContract
  checkbox: CheckboxContract
  checkboxList: CheckboxListContract
  radio: RadioContract
  tags: TagsInputContract
  keyValue: KeyValueContract
  color: ColorPickerContract
  password: PasswordContract
  repeater: RepeaterContract
  file: FileUploadContract
  richText: RichEditorContract
  markdown: MarkdownEditorContract
}

/**
 * A serialized form field: one of `KitFieldContracts`, told apart by `type`.
 */
export type FormFieldContract = KitFieldContracts[keyof KitFieldContracts]

/**
 * One item of a repeater: the values of its fields.
 */
export type RepeaterItem = Record<string, SerializableValue | (string | number)[]>

/**
 * The member of a repeater item that names the related record it edits (a
 * repeater stored as a has-many relationship); a new item has none.
 * Renderers keep it with the item, untouched.
 */
export const REPEATER_ITEM_KEY = '_key'

/**
 * A list of sub-forms stored as JSON, or as the records of a has-many
 * relationship (each item then carries its record's key as `_key`).
 * Errors of an item come back as `<name>.<index>.<field>`.
 */
export interface RepeaterContract extends BaseFieldContract {
  type: 'repeater'
  /** The fields of one item */
  fields: FormFieldContract[]
  minItems: number | null
  maxItems: number
  reorderable: boolean
  /** The values of a new item */
  itemDefaults: Record<string, FormValue>
}

/**
 * A stored file of a file upload field: its path on the disk (the form
 * value), a safe URL to show or download it (null when the disk gives none),
 * and the last segment of the path.
 */
export interface StoredFileContract {
  path: string
  url: string | null
  name: string
}

/**
 * A file upload. The form submits new files as multipart parts under the
 * field's name; its value is the kept path (single) or the list of kept
 * paths (multiple); null or an empty list removes the stored files.
 */
export interface FileUploadContract extends BaseFieldContract {
  type: 'file'
  multiple: boolean
  /** MIME types checked against the file content on the server (empty: any) */
  acceptedTypes: string[]
  /** Largest accepted file, in bytes */
  maxSize: number
  /** Show image previews */
  image: boolean
  /** The record's stored files */
  files: StoredFileContract[]
}

/**
 * A rich text editor (HTML, sanitized on the server against an allow-list).
 */
export interface RichEditorContract extends BaseFieldContract {
  type: 'richText'
  /** Toolbar buttons, in order */
  toolbar: RichEditorTool[]
}

/**
 * A button of the rich text toolbar.
 */
export type RichEditorTool =
  'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList' | 'link' | 'blockquote' | 'code'

/**
 * A Markdown source textarea (raw HTML removed on the server).
 */
export interface MarkdownEditorContract extends BaseFieldContract {
  type: 'markdown'
  rows: number
  /**
   * Where the editor's Preview tab posts `{ markdown }` (JSON, with the CSRF
   * header) and reads `{ html }`: Markdown rendered and sanitized on the
   * server. Absent where the form has no preview endpoint.
   */
  previewUrl?: string
}

/**
 * The `form` prop of create and edit pages.
 */
export interface FormContract {
  operation: 'create' | 'edit'
  columns: number
  fields: FormFieldContract[]
  /**
   * Current values of the form's fields only (never a hidden attribute).
   * After a refused submission, the submitted values of those fields.
   */
  values: Record<string, FormValue>
  /**
   * Edit forms: the record's values the form was rendered from (after a
   * refused submission, the ones that submission started from). Renderers
   * send them back as `_kit_original`, so the server applies only the
   * person's own changes and never silently undoes a change made since.
   */
  original?: Record<string, FormValue>
  /**
   * Edit forms: the version of the record the form was rendered with (the
   * declared `versionColumn`, else a signed digest of the stored row).
   * Renderers send it back as `_kit_version`; an update against a stale
   * version is merged field by field with `original` or refused as a
   * conflict, one without a version is refused (422).
   */
  version?: string
  /** Where and how the renderer submits the form */
  action: { url: string; method: 'post' | 'patch' }
  /** The layout tree, when the form declares layout components or spans */
  layout?: LayoutNodeContract[]
  /**
   * The form's state endpoint, when a field is live: the renderer posts
   * `{ values, changed, old }` and applies the answer ({@link FormStateAnswer}).
   */
  stateUrl?: string
}

/**
 * The answer of a form's state endpoint: the values the live hooks set, and
 * every field's contract for the new state (hidden, required, disabled,
 * options). Nothing was written.
 */
export interface FormStateAnswer {
  values: Record<string, FormValue>
  fields: FormFieldContract[]
}
