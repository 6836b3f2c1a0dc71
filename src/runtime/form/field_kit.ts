import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { SelectContract } from '../../contracts/main.ts'
import type { FieldKit } from '../../definitions/form/fields/field_kit.ts'
import type { Select, OptionValue } from '../../definitions/form/fields/select.ts'
import type { KitContext } from '../../definitions/types.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { storedFiles } from '../files/file_urls.ts'
import { MIN_SEARCH_LENGTH } from '../table/table_query.ts'
import {
  bindRepeater,
  repeaterRelationValue,
  repeaterRelationWrite,
} from './repeater_relationships.ts'
import {
  assertSelectConfiguration,
  bindRelationship,
  currentSelectValue,
  isMultipleSelect,
  isSearchableSelect,
  pageOptions,
  resolveLabels,
  SELECT_PARAMETERS,
  selectAccepts,
  selectRelationWrite,
} from './select_options.ts'

/**
 * Where a form is drawn: the page URL (option searches go to it) and the
 * endpoints of its selects' option forms and of its Markdown previews.
 */
export interface FieldLocation {
  /** URL of the page's GET route */
  pageUrl: string
  /** URL of a select's option-form endpoint */
  optionUrl: (field: string) => string
  /** URL of a Markdown editor's preview endpoint (forms that have one) */
  markdownUrl?: (field: string) => string
}

/**
 * The services the runtime lends the fields' hooks for one model and one
 * request (and, when a form is drawn, where it is drawn).
 */
export function fieldKit(
  model: LucidModel,
  context: KitContext | null,
  location?: FieldLocation
): FieldKit {
  const request = context ?? ({} as KitContext)
  return {
    model,
    context,
    markdownUrl: location?.markdownUrl,
    selects: {
      currentValue: async (field, record) =>
        (await currentSelectValue(model, field, record, request)) ?? undefined,
      complete: (field, contract, value) => {
        if (!location) {
          throw new KitConfigurationException(`Select "${field.name}" drawn outside a form`)
        }
        return completeSelect(model, field, contract, value, request, location)
      },
      assertConfigured: (field, where) => assertSelectConfiguration(model, field, where),
      isManyToMany: (field) => bindRelationship(model, field)?.kind === 'manyToMany',
      labels: (field, keys) => resolveLabels(model, field, keys, request),
      accepts: (field, value) => selectAccepts(model, field, value, request),
      relationWrite: (field, value, submission) =>
        selectRelationWrite(model, field, value, submission, request),
    },
    repeaters: {
      currentValue: (field, record) => repeaterRelationValue(model, field, record),
      assertBound: (field, where) => {
        try {
          bindRepeater(model, field)
        } catch (error) {
          throw new KitConfigurationException(`${where}: ${(error as Error).message}`)
        }
      },
      relationWrite: (field, value, submission) =>
        repeaterRelationWrite(model, field, value, submission, context),
    },
    files: {
      stored: (field, value) => storedFiles(field, value),
    },
  }
}

/**
 * A select's contract completed with its options (the current ones), its
 * relationship, search and option forms.
 */
async function completeSelect(
  model: LucidModel,
  field: Select,
  contract: SelectContract,
  value: unknown,
  context: KitContext,
  location: FieldLocation
) {
  const bound = bindRelationship(model, field)
  const current: OptionValue[] = (Array.isArray(value) ? value : [value]).filter(
    (entry): entry is OptionValue => typeof entry === 'string' || typeof entry === 'number'
  )

  contract.options = await pageOptions(model, field, current, context)
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
