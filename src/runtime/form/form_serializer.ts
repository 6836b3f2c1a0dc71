import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { FormContract, FormValue, SelectContract } from '../../contracts/main.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { contractValue, submittedOriginal } from './form_original.ts'
import { MIN_SEARCH_LENGTH } from '../table/table_query.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { Form } from '../../definitions/form/form.ts'
import { Select, type OptionValue } from '../../definitions/form/fields/select.ts'
import { isRelationshipRepeater, repeaterRelationshipValue } from './repeater_relationships.ts'
import { Repeater } from '../../definitions/form/fields/repeater.ts'
import { serializeLayout } from './form_layout.ts'
import { scalarValue } from '../../support/scalar_value.ts'
import { FileUpload } from '../../definitions/form/fields/file_upload.ts'
import type { FileUploadContract, MarkdownEditorContract } from '../../contracts/main.ts'
import { MarkdownEditor } from '../../definitions/form/fields/markdown_editor.ts'
import { storedFiles } from '../files/file_urls.ts'
import {
  bindRelationship,
  currentSelectValue,
  isMultipleSelect,
  isSearchableSelect,
  pageOptions,
  SELECT_PARAMETERS,
} from './select_options.ts'
import { sanitizedValue, textSanitizer } from '../../definitions/form/text_sanitizers.ts'
import type { Field } from '../../definitions/form/fields/field.ts'

/**
 * Where the serialized form lives: the page URL (option searches go to it)
 * and the option-form endpoints of its selects.
 */
export interface FormLocation {
  context: KitContext
  /** URL of the page's GET route */
  pageUrl: string
  /** URL of a select's option-form endpoint */
  optionUrl: (field: string) => string
  /** URL of a Markdown editor's preview endpoint (forms that have one) */
  markdownUrl?: (field: string) => string
  /** Values submitted by the previous, refused request (flashed input) */
  oldInput?: Record<string, unknown> | null
  /** The record's version (edit forms of a versioned record) */
  version?: string | null
}

/**
 * A value of a refused submission as its form shows it again: a repeater's
 * items, any other field's scalar, rich text and Markdown sanitized (the
 * flash holds what was posted, never what was stored).
 */
function flashedValue(field: Field, posted: unknown): FormValue {
  if (field instanceof Repeater) {
    return field.items(posted)
  }
  return sanitizedValue(textSanitizer([field], field.name), scalarValue(posted)) as FormValue
}

/**
 * Serialize a form into the `form` contract: its fields, the current values
 * of those fields only (a hidden attribute's value is never sent), and where
 * the renderer submits it. Relationship selects carry the current keys
 * (many-to-many: the attached records the select's query reaches) and the
 * labels they need.
 */
export async function serializeForm(
  resource: { model: LucidModel },
  form: Form,
  operation: 'create' | 'edit',
  record: LucidRow | null,
  action: FormContract['action'],
  location: FormLocation
): Promise<FormContract> {
  const model = resource.model
  const values: FormContract['values'] = {}
  const fields: FormContract['fields'] = []
  const original: Record<string, FormValue> = {}
  const flashedOriginal = location.oldInput ? submittedOriginal(location.oldInput) : null

  const shown = form.getFields().filter((field) => !field.isHidden())
  for (const field of shown) {
    /* a password's value never reaches the browser */
    if (field.isSecret()) {
      values[field.name] = null
      continue
    }
    let current: FormValue | undefined
    if (record && !isHiddenAttribute(model, field.name)) {
      const selectValue =
        field instanceof Select
          ? await currentSelectValue(model, field, record, location.context)
          : undefined
      current =
        selectValue !== undefined
          ? (selectValue as FormValue)
          : isRelationshipRepeater(field)
            ? await repeaterRelationshipValue(model, field, record)
            : contractValue(field, record)
      /* the value the form started from: after a refused submission, the one
         that submission started from */
      original[field.name] =
        flashedOriginal && Object.hasOwn(flashedOriginal, field.name)
          ? flashedValue(field, flashedOriginal[field.name])
          : current
    }

    let value: FormValue
    if (isHiddenAttribute(model, field.name)) {
      value = null
    } else if (location.oldInput && Object.hasOwn(location.oldInput, field.name)) {
      value = flashedValue(field, location.oldInput[field.name])
    } else if (!record) {
      value = field.defaultValue()
    } else {
      value = current as FormValue
    }
    values[field.name] = value
  }

  /* the fields, their conditions evaluated for the form's values */
  for (const field of shown) {
    const contract = field.serialize(values)
    if (field instanceof Select) {
      await completeSelect(
        resource,
        field,
        contract as SelectContract,
        values[field.name],
        location
      )
    }
    if (field instanceof MarkdownEditor && location.markdownUrl) {
      ;(contract as MarkdownEditorContract).previewUrl = location.markdownUrl(field.name)
    }
    if (field instanceof FileUpload && record && !isHiddenAttribute(model, field.name)) {
      ;(contract as FileUploadContract).files = await storedFiles(
        field,
        contractValue(field, record)
      )
    }
    fields.push(contract)
  }

  const contract: FormContract = { operation, columns: form.getColumns(), fields, values, action }
  if (record) {
    contract.original = original
    /* after a refused submission, the version that submission started from */
    const flashedVersion = location.oldInput?._kit_version
    const version = typeof flashedVersion === 'string' ? flashedVersion : location.version
    if (version) {
      contract.version = version
    }
  }
  if (form.hasLayout()) {
    contract.layout = serializeLayout(form.getSchema())
  }
  return contract
}

async function completeSelect(
  resource: { model: LucidModel },
  field: Select,
  contract: SelectContract,
  value: FormValue,
  location: FormLocation
) {
  const model = resource.model
  const bound = bindRelationship(model, field)
  const current: OptionValue[] = (Array.isArray(value) ? value : [value]).filter(
    (entry): entry is OptionValue => typeof entry === 'string' || typeof entry === 'number'
  )

  contract.options = await pageOptions(model, field, current, location.context)
  if (bound) {
    contract.relationship = { name: field.getRelationship()!.name, kind: bound.kind }
  }
  contract.multiple = isMultipleSelect(model, field)
  contract.searchable = isSearchableSelect(model, field)
  if (contract.searchable) {
    contract.search = {
      url: location.pageUrl,
      fieldParameter: SELECT_PARAMETERS.field,
      searchParameter: SELECT_PARAMETERS.search,
      minLength: MIN_SEARCH_LENGTH,
    }
  }

  const createForm = field.getCreateOptionForm()
  if (createForm) {
    contract.createOption = {
      fields: createForm.fields.map((nested) => nested.toContract()),
      url: location.optionUrl(field.name),
      method: 'post',
    }
  }
  const editForm = field.getEditOptionForm()
  if (editForm) {
    const [path, query] = location.optionUrl(field.name).split('?')
    contract.editOption = {
      fields: editForm.fields.map((nested) => nested.toContract()),
      url: `${path}/{option}${query ? `?${query}` : ''}`,
      method: 'patch',
    }
  }
}
