import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Resource } from '../../definitions/resource/resource.ts'
import { formOperation } from '../../runtime/operations/forms.ts'
import { storeOperation, updateOperation } from '../../runtime/operations/records.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import {
  describeErrors,
  describeExpected,
  listOf,
  type ExpectedErrors,
  type KitFieldError,
} from '../failure_messages.ts'
import { TableSteps } from './table_steps.ts'
import { type RecordReference } from './driver_core.ts'

/**
 * Steps of the create and edit forms.
 */
export abstract class FormSteps<R extends Resource<any> = Resource<any>> extends TableSteps<R> {
  protected formFields(): string[] {
    return buildForm(this.resource)
      .getFields()
      .map((field) => field.name)
  }

  /**
   * Assert the form declares a field.
   */
  assertFormFieldExists(name: string): this {
    return this.assertDeclared('assertFormFieldExists', 'field', name, 'the form', () =>
      this.formFields()
    )
  }

  /**
   * Fill form fields (merged with what was filled before).
   */
  fillForm(data: Record<string, unknown>): this {
    const label = `fillForm(${listOf(Object.keys(data))})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const fields = this.formFields()
      const unknown = Object.keys(data).filter((key) => !fields.includes(key))
      if (unknown.length) {
        this.fail(
          label,
          `no field ${unknown.map((key) => `"${key}"`).join(', ')}; the form has: ${listOf(fields)}`
        )
      }
      Object.assign(this.state.filled, data)
    })
  }

  /**
   * Open the edit form of a record, as its edit page does: resolved through
   * the scoped query and authorized with `edit`.
   */
  forEdit(record: RecordReference): this {
    const label = `forEdit(${typeof record === 'object' ? `#${record.$primaryKeyValue}` : JSON.stringify(record)})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const edit = this.pageOfKind(label, 'edit')
      const context = await this.context()
      const opened = await this.attempt(
        label,
        `the edit page of ${this.describeRecord(record)}`,
        () => formOperation(mount, edit, this.keyOf(record), context)
      )
      this.state.openedForm = opened.value?.form ?? null
      this.state.editing = record
      this.state.filled = {}
      this.state.formErrors = null
    })
  }

  protected pageOfKind(label: string, kind: 'create' | 'edit') {
    const page = this.state.mount!.pageOfKind(kind)
    if (!page) {
      this.fail(
        label,
        `${this.state.ResourceClass.name} has no ${kind} page (pages: ${[...this.state.mount!.pages.keys()].join(', ')})`
      )
    }
    return page
  }

  /**
   * Submit the form as its page would: `create` posts the create form,
   * `save` the edit form opened with `forEdit()`. The values are the form's
   * current values (defaults, or the record's) with the filled fields on
   * top.
   */
  call(operation: 'create' | 'save'): this {
    const label = `call(${JSON.stringify(operation)})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const context = await this.context()
      const editing = this.state.editing
      if (operation !== 'create' && operation !== 'save') {
        this.fail(label, `the operation must be "create" or "save"`)
      }
      if (operation === 'create' && editing !== null) {
        this.fail(label, `the form was opened with forEdit(); submit it with call("save")`)
      }
      if (operation === 'save' && editing === null) {
        this.fail(label, `no record to save; open one with forEdit(record) first`)
      }
      /* the form's current values (defaults, or the record's), the filled fields on top */
      const page = this.pageOfKind(label, operation === 'create' ? 'create' : 'edit')
      const key = editing === null ? null : this.keyOf(editing)
      const what = editing === null ? 'creating a record' : `saving ${this.describeRecord(editing)}`
      const opened = await this.attempt(label, editing === null ? 'the create page' : what, () =>
        formOperation(mount, page, key, context)
      )
      /* an edit form sends back the values and the version forEdit() opened it with */
      const loaded = key === null ? null : this.state.openedForm
      const input = this.input(context, key === null ? {} : { record: key }, {
        ...opened.value!.form.values,
        ...this.state.filled,
        ...(loaded?.original ? { _kit_original: loaded.original } : {}),
        ...(loaded?.version ? { _kit_version: loaded.version } : {}),
      })
      const outcome = await this.attempt(label, what, () =>
        key === null ? storeOperation(input) : updateOperation(input)
      )
      this.submitted(label, outcome.errors, outcome.value?.record ?? null)
    })
  }

  protected submitted(label: string, errors: KitFieldError[] | null, record: LucidRow | null) {
    this.state.lastSubmission = label
    this.state.formErrors = errors ?? []
    this.state.record = record
  }

  /**
   * Assert the last submission failed with these field errors (field names,
   * or field to rule: `{ title: 'required' }`).
   */
  assertHasFormErrors(expected: ExpectedErrors): this {
    const label = `assertHasFormErrors(${describeExpected(expected)})`
    return this.queue(label, () => {
      if (this.state.formErrors === null) {
        this.fail(
          label,
          `no form was submitted; call("create"), call("save") or editTableColumn() first`
        )
      }
      this.assertErrors(label, this.state.lastSubmission!, this.state.formErrors, expected)
    })
  }

  /**
   * Assert the last submission passed validation.
   */
  assertHasNoFormErrors(): this {
    return this.queue('assertHasNoFormErrors()', () => {
      if (this.state.formErrors === null) {
        this.fail(
          'assertHasNoFormErrors()',
          `no form was submitted; call("create"), call("save") or editTableColumn() first`
        )
      }
      if (this.state.formErrors.length) {
        this.fail(
          'assertHasNoFormErrors()',
          `${this.state.lastSubmission} failed validation: ${describeErrors(this.state.formErrors)}`,
          { actual: this.state.formErrors, expected: [] }
        )
      }
    })
  }

  protected assertErrors(
    label: string,
    source: string,
    errors: KitFieldError[],
    expected: ExpectedErrors
  ) {
    const entries: [string, string | true | null][] = Array.isArray(expected)
      ? expected.map((field) => [field, null])
      : Object.entries(expected)
    for (const [field, rule] of entries) {
      const fieldErrors = errors.filter((error) => error.field === field)
      if (!fieldErrors.length) {
        this.fail(
          label,
          `expected "${field}" to fail${typeof rule === 'string' ? ` "${rule}"` : ''}, but it passed; ${source} ${errors.length ? `failed: ${describeErrors(errors)}` : 'had no errors'}`,
          { actual: errors, expected }
        )
      }
      if (typeof rule === 'string' && !fieldErrors.some((error) => error.rule === rule)) {
        this.fail(
          label,
          `expected "${field}" to fail "${rule}", but it failed ${fieldErrors.map((error) => `"${error.rule}" (${error.message})`).join(', ')}`,
          { actual: errors, expected }
        )
      }
    }
  }
}
