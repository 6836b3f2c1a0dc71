import string from '@adonisjs/core/helpers/string'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type {} from '@adonisjs/lucid/database_provider'
import { stubsRoot } from '../stubs/main.ts'
import { inspectTable } from '../src/generators/table_inspector.ts'
import {
  buildResourceBlueprint,
  type ResourceBlueprint,
} from '../src/generators/resource_blueprint.ts'
import {
  assertStubsAreNew,
  importAppModule,
  isSafeName,
  registerResourceInConfig,
  resolveAppFile,
} from '../src/generators/command_helpers.ts'

/**
 * `node ace make:kit-resource <Model>`: a resource, its pages and its Rules
 * class for a Lucid model, registered in the default panel of config/kit.ts.
 *
 * @example
 * ```sh
 * node ace make:kit-resource Post
 * node ace make:kit-resource Post --generate --view
 * node ace make:kit-resource Post --generate --simple --soft-deletes
 * node ace make:kit-resource Post --generate --export --import
 * ```
 */
export default class MakeKitResource extends BaseCommand {
  static commandName = 'make:kit-resource'
  static description =
    'Create an adonis-kit resource, its pages and its Rules class for a Lucid model'
  static help = [
    'The model must exist in app/models. Existing files are never replaced unless --force.',
    '--generate reads the model table once and writes the form, the table and the rules.',
  ]
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Name of the Lucid model (for example Post)' })
  declare model: string

  @flags.boolean({ description: "Read the model's table and write the form, table and rules" })
  declare generate?: boolean

  @flags.boolean({ description: 'Add a view page and an infolist' })
  declare view?: boolean

  @flags.boolean({
    description: 'Enable the soft-delete preset (the model needs a deletedAt column)',
  })
  declare softDeletes?: boolean

  @flags.boolean({ description: 'One list page; records are created and edited in modals' })
  declare simple?: boolean

  @flags.boolean({ description: 'Add an export header action (CSV, as a background job)' })
  declare export?: boolean

  @flags.boolean({ description: 'Add an import header action (CSV, as a background job)' })
  declare import?: boolean

  @flags.boolean({ description: 'Replace existing files', alias: 'f' })
  declare force?: boolean

  /**
   * Refuse with a message and exit code 1.
   */
  #refuse(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }

  async run() {
    /* 1. refuse bad names and flag combinations before touching anything */
    if (!isSafeName(this.model)) {
      return this.#refuse(
        `Invalid model name "${this.model}": use the model's class name (letters, digits and underscores, no path separators)`
      )
    }
    if ((this.export || this.import) && !this.generate) {
      return this.#refuse(
        '--export and --import write a column per generated field: add --generate'
      )
    }
    if (this.simple && this.view) {
      return this.#refuse(
        '--simple and --view cannot be combined: a simple resource manages its records in modals on one page and has no view page'
      )
    }

    /* 2. the model must exist */
    const modelName = this.app.generators.modelName(this.model)
    const modelFileName = this.app.generators.modelFileName(this.model).replace(/\.ts$/, '')
    const modelFile = resolveAppFile(this.app.modelsPath(modelFileName))
    if (!modelFile) {
      return this.#refuse(
        `Unknown model "${modelName}": ${this.app.relativePath(this.app.modelsPath(`${modelFileName}.ts`))} does not exist`
      )
    }

    /* 3. read what the flags need from the model and its table */
    let blueprint: ResourceBlueprint | null = null
    if (this.generate || this.softDeletes) {
      const Model = await importAppModule<LucidModel>(modelFile)
      if (typeof Model?.boot !== 'function' || !('$columnsDefinitions' in Model)) {
        return this.#refuse(`${modelFile} does not export a Lucid model as default export`)
      }
      Model.boot()

      if (this.softDeletes && !Model.$columnsDefinitions.has('deletedAt')) {
        return this.#refuse(
          `--soft-deletes needs a "deletedAt" column on the ${modelName} model (@column.dateTime() declare deletedAt: DateTime | null)`
        )
      }

      if (this.generate) {
        if (!this.app.container.hasBinding('lucid.db')) {
          return this.#refuse(
            '--generate reads the table through Lucid: install and configure @adonisjs/lucid first'
          )
        }
        const db = await this.app.container.make('lucid.db')
        const client = db.connection(Model.connection)
        let columns
        try {
          columns = await inspectTable(client, Model.table)
        } catch (error) {
          return this.#refuse(
            `Could not read the columns of "${Model.table}" on the "${client.connectionName}" connection: ${(error as Error).message}`
          )
        }
        if (columns.length === 0) {
          return this.#refuse(
            `The table "${Model.table}" of the ${modelName} model does not exist on the "${client.connectionName}" connection. Run the migrations first`
          )
        }
        blueprint = buildResourceBlueprint(Model, columns)
      }
    }

    /* 4. names and the stubs to render */
    const state = this.#stubState(modelName, modelFileName, blueprint)
    const stubs = ['make/kit_resource/resource.stub', 'make/kit_resource/rules.stub']
    for (const page of state.pages) {
      stubs.push(`make/kit_resource/${page.stub}`)
    }

    /* 5. a second run without --force writes nothing */
    const existing = await assertStubsAreNew(this.app, stubs, state, this.force === true)
    if (existing.length) {
      return this.#refuse(
        `Nothing was written: ${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}. Use --force to replace them`
      )
    }

    /* 6. write the files */
    const codemods = await this.createCodemods()
    codemods.overwriteExisting = this.force === true
    for (const stub of stubs) {
      await codemods.makeUsingStub(stubsRoot, stub, state)
    }

    /* 7. register the resource in the default panel */
    await registerResourceInConfig(this, `() => import('#resources/${state.names.resourceFile}')`)

    /* 8. say what --generate left out */
    for (const skipped of blueprint?.skipped ?? []) {
      this.logger.info(`skipped column "${skipped.column}": ${skipped.reason}`)
    }
  }

  /**
   * Everything the stubs render.
   */
  #stubState(modelName: string, modelFileName: string, blueprint: ResourceBlueprint | null) {
    const snake = string.snakeCase(modelName)
    const plural = string.plural(modelName)
    const pluralSnake = string.snakeCase(plural)

    const names = {
      resource: `${modelName}Resource`,
      resourceFile: `${snake}_resource`,
      folder: snake,
      rules: `${modelName}Rules`,
      rulesFile: `${snake}_rules`,
      policyFile: `${snake}_policy`,
      list: `List${plural}`,
      listFile: `list_${pluralSnake}`,
      create: `Create${modelName}`,
      createFile: `create_${snake}`,
      edit: `Edit${modelName}`,
      editFile: `edit_${snake}`,
      view: `View${modelName}`,
      viewFile: `view_${snake}`,
      manage: `Manage${plural}`,
      manageFile: `manage_${pluralSnake}`,
    }

    const pages = this.simple
      ? [
          {
            key: 'index',
            className: names.manage,
            file: names.manageFile,
            path: '/',
            stub: 'manage_page.stub',
          },
        ]
      : [
          {
            key: 'index',
            className: names.list,
            file: names.listFile,
            path: '/',
            stub: 'list_page.stub',
          },
          {
            key: 'create',
            className: names.create,
            file: names.createFile,
            path: '/create',
            stub: 'create_page.stub',
          },
          ...(this.view
            ? [
                {
                  key: 'view',
                  className: names.view,
                  file: names.viewFile,
                  path: '/:record',
                  stub: 'view_page.stub',
                },
              ]
            : []),
          {
            key: 'edit',
            className: names.edit,
            file: names.editFile,
            path: '/:record/edit',
            stub: 'edit_page.stub',
          },
        ]

    /* names the resource imports from 'adonis-kit' */
    const fields = blueprint?.fields ?? []
    const bulkActions = this.softDeletes
      ? ['DeleteBulkAction.make()', 'RestoreBulkAction.make()', 'ForceDeleteBulkAction.make()']
      : ['DeleteBulkAction.make()']
    const kitImports = new Set<string>(['Resource', ...(blueprint?.kitImports ?? [])])
    for (const action of bulkActions) kitImports.add(action.replace('.make()', ''))
    if (this.view && fields.length) kitImports.add('TextEntry')
    const sorted = [...kitImports].sort()
    const typeImports = ['type Form', ...(this.view ? ['type Infolist'] : []), 'type Table']

    const policyFile = resolveAppFile(this.app.policiesPath(names.policyFile))

    return {
      model: {
        name: modelName,
        importPath: this.app.generators.importPath('#models', modelFileName),
      },
      names,
      pages,
      view: this.view === true,
      softDeletes: this.softDeletes === true,
      simple: this.simple === true,
      policyImportPath: policyFile ? `#policies/${names.policyFile}` : null,
      kitImports: [...sorted, ...typeImports],
      titleAttribute: blueprint?.titleAttribute ?? null,
      versionColumn: blueprint?.versionColumn ?? null,
      tableColumns: fields.flatMap((field) => (field.tableColumn ? [field.tableColumn] : [])),
      formFields: fields.map((field) => field.field),
      infolistEntries: fields.map((field) => field.entry),
      rules: fields.map((field) => `${field.attribute}: ${field.rule}`),
      usesVine: fields.length > 0,
      usesDateTime: blueprint?.usesDateTime === true,
      bulkActions,
      filters: blueprint?.filters ?? [],
      ...this.#headerActions(fields),
    }
  }

  /**
   * The list page's export and import actions (`--export`, `--import`), with
   * one column per generated attribute, and what the page imports for them.
   */
  #headerActions(fields: ResourceBlueprint['fields']) {
    const attributes = fields
      .filter((field) => field.kind !== 'json')
      .map((field) => `'${field.attribute}'`)
    const headerActions: string[] = []
    const pageImports: string[] = []
    const action = (make: string, comment: string, columns: string[]) =>
      [
        make,
        `        /* ${comment} */`,
        `        .authorizeUsing(({ user }) => user !== null)`,
        `        .columns([`,
        ...columns.map((column) => `          ${column},`),
        `        ])`,
      ].join('\n')
    if (this.export) {
      pageImports.push('ExportAction', 'ExportColumn')
      headerActions.push(
        action(
          `ExportAction.make('export')`,
          "the rows of the table's scoped query, as a CSV file; narrow who may export here",
          ["'id'", ...attributes].map((name) => `ExportColumn.make(${name})`)
        )
      )
    }
    if (this.import) {
      pageImports.push('ImportAction', 'ImportColumn')
      headerActions.push(
        action(
          `ImportAction.make('import')`,
          'each row is authorized and validated as the create form is',
          attributes.map((name) => `ImportColumn.make(${name})`)
        )
      )
    }
    return { headerActions, pageImports: pageImports.sort() }
  }
}
