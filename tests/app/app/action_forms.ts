import vine, { errors as vineErrors } from '@vinejs/vine'
import {
  ColorPicker,
  FileUpload,
  Rules,
  RichEditor,
  Select,
  TagsInput,
  TextInput,
} from '../../../index.ts'

/**
 * What the callbacks of the brochure action forms received, by action
 * name (the tests read it: the data the callback saw, not only the row).
 */
export const actionFormData = new Map<string, Record<string, any>[]>()

/**
 * Record the data an action's callback received.
 */
export function sawActionData(name: string, data: Record<string, any>) {
  actionFormData.set(name, [...(actionFormData.get(name) ?? []), { ...data }])
}

/**
 * After it wrote, a callback given the body `<p>explode</p>` throws a field
 * error and one given `<p>halt</p>` halts: the action is rolled back.
 */
export function failAfterWrite(data: Record<string, any>, halt: (message?: string) => never) {
  if (data.body === '<p>explode</p>') {
    throw new vineErrors.E_VALIDATION_ERROR([
      { field: 'body', message: 'The action refused this body', rule: 'action' },
    ])
  }
  if (data.body === '<p>halt</p>') {
    halt('Halted after writing')
  }
}

/**
 * The brochure attributes an action form's data may write: only the keys
 * the callback received.
 */
export function brochureChanges(data: Record<string, any>) {
  const changes: Record<string, unknown> = {}
  for (const key of ['title', 'body', 'notes', 'photoUrl', 'cover']) {
    if (data[key] !== undefined) changes[key] = data[key]
  }
  return changes
}

/**
 * The form of the brochure actions: rich text, fields whose values are
 * never taken (read-only, hidden, disabled, shown only for another mode),
 * fields that normalize their values, and an upload.
 */
export function brochureActionForm() {
  return [
    RichEditor.make('body'),
    TextInput.make('title').readOnly(),
    TextInput.make('photoUrl').hidden(),
    TextInput.make('secret').disabled(),
    Select.make('mode').options({ keep: 'Keep', replace: 'Replace' }).default('keep'),
    TextInput.make('notes').visibleWhen('mode', 'replace'),
    ColorPicker.make('accent'),
    TagsInput.make('labels'),
    FileUpload.make('cover')
      .directory('covers')
      .image()
      .acceptedTypes(['image/png', 'image/jpeg'])
      .maxSize(64 * 1024),
  ]
}

/**
 * Rules of the brochure action forms: every field is declared, so what
 * keeps a read-only, hidden, disabled or not visible value out is the
 * field pipeline, never the rules.
 */
export class BrochureActionRules extends Rules {
  rules() {
    return {
      body: vine.string().maxLength(20000).nullable().optional(),
      title: vine.string().maxLength(100).nullable().optional(),
      photoUrl: vine.string().maxLength(255).nullable().optional(),
      secret: vine.string().maxLength(255).nullable().optional(),
      mode: vine.enum(['keep', 'replace']).nullable().optional(),
      notes: vine.string().maxLength(20000).nullable().optional(),
      accent: vine.string().maxLength(7).nullable().optional(),
      labels: vine.array(vine.string()).optional(),
    }
  }
}

/**
 * Rules of the brochure page action forms (relation manager).
 */
export class BrochurePageActionRules extends Rules {
  rules() {
    return {
      summary: vine.string().maxLength(20000).nullable().optional(),
      caption: vine.string().maxLength(100).nullable().optional(),
    }
  }
}
