import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Resource } from '../../definitions/resource/resource.ts'
import { formOperation } from '../../runtime/operations/forms.ts'
import { storeOperation, updateOperation } from '../../runtime/operations/records.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { Repeater } from '../../definitions/form/fields/repeater.ts'
import { STEP_PARAMETER } from '../../runtime/form/form_layout.ts'
import {
  describeErrors,
  describeExpected,
  listOf,
  type ExpectedErrors,
  type KitFieldError,
} from '../failure_messages.ts'
import { TableSteps } from './table_steps.ts'
import { Password } from '../../definitions/form/fields/password.ts'
import type { FormContract, FormFieldContract, FormValue } from '../../contracts/main.ts'
import { isFieldVisible } from '../../renderers/field_conditions.ts'
import { type RecordReference } from './driver_core.ts'
import { withFileContents } from '../../runtime/files/uploaded_file.ts'
import { fileAssertion, uploadFor } from './file_steps.ts'

/**
 * Steps of the create and edit forms.
 */
export abstract class FormSteps<R extends Resource<any> = Resource<any>> extends TableSteps<R> {
  /** Files attached with attachFile(), by field, sent with the next submission */
  #uploads: Record<string, { name: string; content: Uint8Array }[]> = {}

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
   * Fill the fields of one repeater item (merged with the item's current
   * values; an index past the end adds items with the repeater's defaults).
   *
   * @example
   * ```ts
   * await kit(CampaignResource).fillRepeaterItem('milestones', 0, { title: 'Kickoff' }).call('create')
   * ```
   */
  fillRepeaterItem(name: string, index: number, values: Record<string, unknown>): this {
    const label = `fillRepeaterItem(${JSON.stringify(name)}, ${index})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const field = buildForm(this.resource)
        .getFields()
        .find((candidate) => candidate.name === name)
      if (!(field instanceof Repeater)) {
        this.fail(label, `no repeater "${name}"; the form has: ${listOf(this.formFields())}`)
      }
      const itemFields = field.getItemFields().map((item) => item.name)
      const unknown = Object.keys(values).filter((key) => !itemFields.includes(key))
      if (unknown.length) {
        this.fail(
          label,
          `repeater "${name}" has no field ${listOf(unknown)}; its fields: ${listOf(itemFields)}`
        )
      }
      if (!Number.isInteger(index) || index < 0) {
        this.fail(label, `the item index must be a whole number from 0`)
      }
      let items = this.state.filled[name] as Record<string, unknown>[] | undefined
      if (!Array.isArray(items)) {
        /* the form's current items: the record's, or none on the create form */
        const context = await this.context()
        const editing = this.state.editing
        const page = this.pageOfKind(label, editing === null ? 'create' : 'edit')
        const opened = await this.attempt(label, 'the form', () =>
          formOperation(mount, page, editing === null ? null : this.keyOf(editing), context)
        )
        items = field.items(opened.value?.form.values[name] ?? [])
      }
      const next = items.map((item) => ({ ...item }))
      const defaults = field.toContract().itemDefaults
      while (next.length <= index) next.push({ ...defaults })
      next[index] = { ...next[index], ...values }
      this.state.filled[name] = next
    })
  }

  /**
   * Attach a file to a file upload field for the next submission (as the
   * browser sends it: the kit checks its content, not its name). Call it
   * again on a multiple field to attach more.
   *
   * @example
   * ```ts
   * await kit(DocumentResource).actingAs(admin)
   *   .attachFile('cover', { name: 'cover.png', content: await readFile('cover.png') })
   *   .fillForm({ title: 'Spring' })
   *   .call('create')
   * ```
   */
  attachFile(field: string, file: { name: string; content: Uint8Array | string }): this {
    const label = `attachFile(${JSON.stringify(field)}, ${JSON.stringify(file?.name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const upload = uploadFor(this.resource, field, file)
      if (typeof upload === 'string') {
        this.fail(label, upload)
      }
      this.#uploads[field] = [...(this.#uploads[field] ?? []), upload]
    })
  }

  /**
   * Go to a wizard step as the renderer's Next button does: the server
   * checks the steps before `step` with the form's values and the filled
   * fields (nothing is written). Assert the outcome with
   * `assertHasFormErrors()` or `assertHasNoFormErrors()`.
   */
  goToWizardStep(step: number): this {
    const label = `goToWizardStep(${step})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const wizard = buildForm(this.resource).getWizard()
      if (!wizard) {
        this.fail(label, `${this.state.ResourceClass.name}'s form has no wizard`)
      }
      const count = wizard.getSteps().length
      if (!Number.isInteger(step) || step < 0 || step >= count) {
        this.fail(label, `the wizard has ${count} steps (0 to ${count - 1})`)
      }
      if (step === 0) {
        this.submitted(label, [], null)
        return
      }
      const context = await this.context()
      const editing = this.state.editing
      const key = editing === null ? null : this.keyOf(editing)
      const page = this.pageOfKind(label, editing === null ? 'create' : 'edit')
      const opened = await this.attempt(label, 'the form', () =>
        formOperation(mount, page, key, context)
      )
      const input = this.input(context, key === null ? {} : { record: key }, {
        ...opened.value!.form.values,
        ...this.state.filled,
        [STEP_PARAMETER]: step - 1,
      })
      const outcome = await this.attempt(label, `checking step ${step - 1}`, () =>
        key === null ? storeOperation(input) : updateOperation(input)
      )
      this.submitted(label, outcome.errors, null)
    })
  }

  /**
   * Fill a rich text (or Markdown) field with HTML as the editor submits it;
   * the server sanitizes it.
   */
  fillRichText(field: string, html: string): this {
    return this.fillForm({ [field]: html })
  }

  /**
   * Assert a file exists on a Drive disk (default disk without a name).
   * The path may be a function of the last saved record.
   */
  assertStoredFileExists(path: string | ((record: any) => string), disk?: string): this {
    return this.storedFileStep('assertStoredFileExists', path, disk, true)
  }

  /**
   * Assert a file is missing from a Drive disk (default disk without a name).
   */
  assertStoredFileMissing(path: string | ((record: any) => string), disk?: string): this {
    return this.storedFileStep('assertStoredFileMissing', path, disk, false)
  }

  protected storedFileStep(
    method: string,
    path: string | ((record: any) => string),
    disk: string | undefined,
    expected: boolean
  ): this {
    const label = `${method}(${typeof path === 'string' ? JSON.stringify(path) : 'fn'})`
    return this.queue(label, async () => {
      const key = typeof path === 'string' ? path : path(this.state.record)
      const failure = await fileAssertion(key, disk, expected)
      if (failure) {
        this.fail(label, failure)
      }
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
      this.#uploads = {}
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
      input.body = withFileContents(input.body as Record<string, any>, this.#uploads)
      this.#uploads = {}
      const outcome = await this.attempt(label, what, () =>
        key === null ? storeOperation(input) : updateOperation(input)
      )
      const answer = outcome.value
      this.submitted(label, outcome.errors, answer && 'record' in answer ? answer.record : null)
      this.state.redirect = answer && 'redirect' in answer ? answer.redirect : null
    })
  }

  protected submitted(label: string, errors: KitFieldError[] | null, record: LucidRow | null) {
    this.state.lastSubmission = label
    this.state.formErrors = errors ?? []
    this.state.record = record
    this.state.redirect = null
  }

  /**
   * Assert where a browser goes after the last `call("create")` or
   * `call("save")`: a path, or a function of the record written.
   *
   * @example
   * ```ts
   * await kit(PostResource).fillForm({ title: 'Hi' }).call('create')
   *   .assertRedirect((post) => `/admin/posts/${post.id}`)
   * ```
   */
  assertRedirect(expected: string | ((record: any) => string)): this {
    const label = `assertRedirect(${typeof expected === 'string' ? JSON.stringify(expected) : 'fn'})`
    return this.queue(label, () => {
      if (!this.state.record) {
        this.fail(
          label,
          this.state.lastSubmission === null
            ? 'no form was submitted; call("create") or call("save") first'
            : `${this.state.lastSubmission} did not write a record: ${describeErrors(this.state.formErrors ?? [])}`
        )
      }
      const url = typeof expected === 'string' ? expected : expected(this.state.record)
      if (this.state.redirect !== url) {
        this.fail(
          label,
          `${this.state.lastSubmission} redirects to ${JSON.stringify(this.state.redirect)}, not ${JSON.stringify(url)}`
        )
      }
    })
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

  /**
   * Fill a password field and, for a confirmed one, its confirmation
   * (default: the same password).
   *
   * @example
   * ```ts
   * kit(UserResource).fillPassword('password', 'correct horse').call('create')
   * ```
   */
  fillPassword(name: string, password: string, confirmation: string = password): this {
    const label = `fillPassword(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const field = buildForm(this.resource)
        .getFields()
        .find((candidate) => candidate.name === name)
      if (!(field instanceof Password)) {
        this.fail(label, `no password field "${name}"; the form has: ${listOf(this.formFields())}`)
      }
      this.state.filled[name] = password
      this.state.filled[field.confirmationName()] = confirmation
    })
  }

  /**
   * The form contract as its page serializes it: the edit form of the
   * record opened with `forEdit()`, else the create form.
   */
  protected async openedForm(label: string): Promise<FormContract> {
    const mount = await this.resolveMount()
    const context = await this.context()
    const editing = this.state.editing
    const page = this.pageOfKind(label, editing === null ? 'create' : 'edit')
    const key = editing === null ? null : this.keyOf(editing)
    const opened = await this.attempt(
      label,
      editing === null ? 'the create page' : 'the edit page',
      () => formOperation(mount, page, key, context)
    )
    return opened.value!.form
  }

  /**
   * Assert a field is shown (or not) for the form's values with the filled
   * values on top: not `hidden()`, and its `visibleWhen` conditions hold.
   */
  assertFieldVisible(name: string, visible = true): this {
    const label = `assertFieldVisible(${JSON.stringify(name)}, ${visible})`
    return this.queue(label, async () => {
      const form = await this.openedForm(label)
      const contract = form.fields.find((field) => field.name === name)
      const values = { ...form.values, ...this.state.filled } as Record<string, FormValue>
      const shown = contract !== undefined && isFieldVisible(contract, values)
      if (shown !== visible) {
        this.fail(label, `the field "${name}" is ${shown ? 'visible' : 'not visible'}`)
      }
    })
  }

  /**
   * Assert a field is drawn disabled (or not).
   */
  assertFieldDisabled(name: string, disabled = true): this {
    return this.assertFieldContract(
      `assertFieldDisabled(${JSON.stringify(name)})`,
      name,
      (field) =>
        (field.disabled === true) === disabled ? null : `disabled is ${field.disabled === true}`
    )
  }

  /**
   * Assert a field is drawn read-only (or not).
   */
  assertFieldReadOnly(name: string, readOnly = true): this {
    return this.assertFieldContract(
      `assertFieldReadOnly(${JSON.stringify(name)})`,
      name,
      (field) =>
        (field.readOnly === true) === readOnly ? null : `readOnly is ${field.readOnly === true}`
    )
  }

  /**
   * Assert a field's hint (next to its label) or, with `helper`, its helper
   * text.
   */
  assertFieldHint(name: string, text: string, kind: 'hint' | 'helper' = 'hint'): this {
    return this.assertFieldContract(`assertFieldHint(${JSON.stringify(name)})`, name, (field) => {
      const actual = kind === 'hint' ? field.hint : field.helperText
      return actual === text ? null : `its ${kind} is ${JSON.stringify(actual ?? null)}`
    })
  }

  /**
   * Assert no form prop carries this password (nor any password field a
   * value): the create form, or the edit form opened with `forEdit()`.
   */
  assertPasswordNotInProps(password: string): this {
    const label = 'assertPasswordNotInProps()'
    return this.queue(label, async () => {
      const form = await this.openedForm(label)
      if (JSON.stringify(form).includes(password)) {
        this.fail(label, 'the form props carry the password')
      }
      for (const field of form.fields) {
        if (field.type === 'password' && form.values[field.name] !== null) {
          this.fail(label, `the password field "${field.name}" carries a value`)
        }
      }
    })
  }

  protected assertFieldContract(
    label: string,
    name: string,
    check: (field: FormFieldContract) => string | null
  ): this {
    return this.queue(label, async () => {
      const form = await this.openedForm(label)
      const field = form.fields.find((candidate) => candidate.name === name)
      if (!field) {
        this.fail(label, `the form draws no field "${name}"`)
      }
      const problem = check(field)
      if (problem) {
        this.fail(label, `the field "${name}": ${problem}`)
      }
    })
  }
}
