import string from '@adonisjs/core/helpers/string'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { stubsRoot } from '../stubs/main.ts'
import {
  assertStubsAreNew,
  importAppModule,
  isSafeName,
  resolveAppFile,
} from '../src/generators/command_helpers.ts'

/**
 * `node ace make:kit-relation-manager <OwnerResource> <relationship> <titleAttribute>`:
 * a relation manager for one Lucid relationship of a resource's model, with
 * a fail-closed `canAccess()`, and its Rules class.
 *
 * @example
 * ```sh
 * node ace make:kit-relation-manager PostResource comments body
 * ```
 */
export default class MakeKitRelationManager extends BaseCommand {
  static commandName = 'make:kit-relation-manager'
  static description =
    'Create an adonis-kit relation manager (fail-closed) and its Rules class for a relationship of a resource'
  static options: CommandOptions = {}

  @args.string({ description: 'The owner resource (for example PostResource)' })
  declare ownerResource: string

  @args.string({
    description: 'Name of the Lucid relationship on the owner model (for example comments)',
  })
  declare relationship: string

  @args.string({
    description: 'Attribute of the related model used as record title (for example body)',
  })
  declare titleAttribute: string

  @flags.boolean({ description: 'Replace existing files', alias: 'f' })
  declare force?: boolean

  #refuse(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }

  async run() {
    /* 1. names without separators or traversal */
    for (const [label, value] of [
      ['owner resource', this.ownerResource],
      ['relationship', this.relationship],
      ['title attribute', this.titleAttribute],
    ] as const) {
      if (!isSafeName(value)) {
        return this.#refuse(
          `Invalid ${label} "${value}": use letters, digits and underscores (no path separators)`
        )
      }
    }

    /* 2. the owner resource and its model must exist */
    const ownerResource =
      string.pascalCase(this.ownerResource.replace(/_?resource$/i, '')) + 'Resource'
    const ownerModel = ownerResource.replace(/Resource$/, '')
    const ownerSnake = string.snakeCase(ownerModel)
    const resourceFile = resolveAppFile(
      this.app.makePath('app/resources', `${ownerSnake}_resource`)
    )
    if (!resourceFile) {
      return this.#refuse(
        `Unknown resource "${ownerResource}": app/resources/${ownerSnake}_resource.ts does not exist. Create it with "node ace make:kit-resource ${ownerModel}"`
      )
    }
    const modelFile = resolveAppFile(this.app.modelsPath(ownerSnake))
    if (!modelFile) {
      return this.#refuse(
        `Unknown model "${ownerModel}": app/models/${ownerSnake}.ts does not exist`
      )
    }

    /* 3. the relationship must be declared on the model */
    const Model = await importAppModule<LucidModel>(modelFile)
    if (typeof Model?.boot !== 'function' || !('$relationsDefinitions' in Model)) {
      return this.#refuse(`${modelFile} does not export a Lucid model as default export`)
    }
    Model.boot()
    const relation = Model.$relationsDefinitions.get(this.relationship)
    if (!relation) {
      const known = [...Model.$relationsDefinitions.keys()]
      return this.#refuse(
        `The ${ownerModel} model has no "${this.relationship}" relationship (${known.length ? `known: ${known.join(', ')}` : 'it declares none'})`
      )
    }
    const relatedModel = relation.relatedModel().name

    /* 4. names and stubs */
    const managerBase = string.pascalCase(this.relationship)
    const state = {
      relationship: this.relationship,
      titleAttribute: this.titleAttribute,
      names: {
        ownerResource,
        ownerModel,
        ownerModelImportPath: `#models/${ownerSnake}`,
        ownerFolder: ownerSnake,
        relatedModel,
        manager: `${managerBase}RelationManager`,
        managerFile: `${string.snakeCase(this.relationship)}_relation_manager`,
        rules: `${ownerModel}${managerBase}Rules`,
        rulesFile: `${ownerSnake}_${string.snakeCase(this.relationship)}_rules`,
      },
    }
    const stubs = [
      'make/kit_relation_manager/relation_manager.stub',
      'make/kit_relation_manager/rules.stub',
    ]

    /* 5. a second run without --force writes nothing */
    const existing = await assertStubsAreNew(this.app, stubs, state, this.force === true)
    if (existing.length) {
      return this.#refuse(
        `Nothing was written: ${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}. Use --force to replace them`
      )
    }

    /* 6. write */
    const codemods = await this.createCodemods()
    codemods.overwriteExisting = this.force === true
    for (const stub of stubs) {
      await codemods.makeUsingStub(stubsRoot, stub, state)
    }
    this.logger.info(
      `Add ${state.names.manager} to ${ownerResource}.getRelations() to show it, and decide who may use it in canAccess()`
    )
  }
}
