import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { RelationshipsContract } from '@adonisjs/lucid/types/relations'
import type { AuditLinkContract } from '../../contracts/audit.ts'
import { REDACTED, type KitAuditEntry } from '../../definitions/audit/audit_entry.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { textSanitizer } from '../../definitions/form/text_sanitizers.ts'
import type { OptionValue } from '../../definitions/form/fields/select.ts'
import { sentenceCase } from '../../definitions/resource/labels.ts'
import { isDateOnly } from '../../definitions/resource/value_presenter.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { KitTranslator } from '../../i18n/translator.ts'
import { DEFAULT_PRESENTATION, ValueFormat } from '../../support/value_format.ts'
import { fieldKit } from '../form/field_kit.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'

/**
 * The formats audit values borrow from the tables: a date, a date-time.
 */
class AuditFormat extends ValueFormat {
  readonly name = 'audit'
}
const DATE = new AuditFormat().date()
const DATE_TIME = new AuditFormat().dateTime()

/** An ISO 8601 date-time as the audit trail stores dates (`2026-11-25T14:38:00.000+00:00`) */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/
/** An ISO 8601 calendar date (`2026-11-25`) */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * A shown value of an audit change: its text, and the page of the record it
 * names (a relation's title) when the user may open it.
 */
export interface AuditValue {
  text: string
  url?: string | null
  /** The value is empty (null, an empty text or list) */
  empty?: boolean
}

/**
 * How an audit page shows the changes of one resource's rows: the label of
 * an attribute and its values as the form and the table show them.
 */
export interface AuditValues {
  label(attribute: string): string
  value(attribute: string, value: unknown): AuditValue
  /**
   * Whether a change is shown: a timestamp the model updates itself on
   * every save (`autoUpdate`) is left out of an update's changes (it is
   * still stored).
   */
  shows(attribute: string, changes: number): boolean
}

/**
 * Finds the panel mount of a model (not nested), to name its records.
 */
export type MountOfModel = (model: LucidModel) => ResourceMount | undefined

/**
 * The records a relation's keys name: their titles, and the page the user
 * may open, read through their resource's scoped query (out of scope or
 * denied: left out).
 */
export type RecordTitles = (
  mount: ResourceMount,
  keys: string[]
) => Promise<Map<string, AuditLinkContract>>

/**
 * The belongsTo relationships of a model by foreign key property: the
 * relationship's name and its related model.
 */
function belongsToByForeignKey(
  model: LucidModel
): Map<string, { name: string; related: LucidModel }> {
  const relations = new Map<string, { name: string; related: LucidModel }>()
  for (const [name, relation] of model.$relationsDefinitions?.entries() ?? []) {
    const candidate = relation as RelationshipsContract & { foreignKey?: string }
    if (candidate.type !== 'belongsTo') continue
    try {
      candidate.boot()
      relations.set(candidate.foreignKey!, { name, related: candidate.relatedModel() })
    } catch {
      /* a relationship that does not boot names nothing */
    }
  }
  return relations
}

/**
 * A stored value as a list of option keys (a multiple select stores a list).
 */
function optionKeys(value: unknown): OptionValue[] {
  const list = Array.isArray(value) ? value : [value]
  return list.filter(
    (entry): entry is OptionValue =>
      (typeof entry === 'string' && entry !== '') || typeof entry === 'number'
  )
}

/**
 * A boolean as stored by any driver (`true`, `1`, `'1'`, `'true'`), or null.
 */
function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return null
}

/**
 * The values formatter of one resource's audit rows: booleans as Yes/No,
 * dates in the panel's zone and locale, option labels for selects, radios
 * and checkbox lists, and the titles of related records (a relationship
 * select's labels, a belongsTo foreign key's record title with its page)
 * instead of keys. Labels are read with one query per relationship,
 * whatever the number of rows.
 */
export async function auditValues(
  mount: ResourceMount | undefined,
  rows: KitAuditEntry[],
  context: KitContext,
  t: KitTranslator,
  helpers: { mountOf: MountOfModel; titles: RecordTitles }
): Promise<AuditValues> {
  const presentation = mount?.options.presentation ?? DEFAULT_PRESENTATION
  const model: LucidModel | undefined = mount?.resource.model
  const fields = new Map<string, Field>()
  if (mount) {
    try {
      for (const field of buildForm(mount.resource).getFields()) {
        fields.set(field.name, field as Field)
      }
    } catch {
      /* a resource without a form: attribute names and plain values */
    }
  }
  const foreignKeys = model
    ? belongsToByForeignKey(model)
    : new Map<string, { name: string; related: LucidModel }>()

  /* every value each attribute takes in these rows */
  const taken = new Map<string, unknown[]>()
  for (const row of rows) {
    for (const [attribute, change] of Object.entries(row.changes ?? {})) {
      const values = taken.get(attribute) ?? []
      values.push(change?.old, change?.new)
      taken.set(attribute, values)
    }
  }

  /* the labels of option values and related records, one query each */
  const options = new Map<string, Map<string, AuditValue>>()
  for (const [attribute, values] of taken) {
    const field = fields.get(attribute)
    const keys = values.flatMap(optionKeys).filter((key) => key !== REDACTED)
    if (!keys.length) continue
    const labels = field && model ? await field.optionLabels(keys, fieldKit(model, context)) : null
    if (labels) {
      options.set(
        attribute,
        new Map([...labels].map(([key, label]) => [key, { text: label } as AuditValue]))
      )
      continue
    }
    const related = foreignKeys.get(attribute)?.related
    const relatedMount = related ? helpers.mountOf(related) : undefined
    if (relatedMount) {
      const titles = await helpers.titles(relatedMount, [...new Set(keys.map(String))])
      options.set(
        attribute,
        new Map([...titles].map(([key, link]) => [key, { text: link.label, url: link.url }]))
      )
    }
  }

  const now = DateTime.now()
  const empty = () => ({ text: t.t('audit.none'), empty: true })
  return {
    shows(attribute, changes) {
      const meta = model?.$getColumn(attribute)?.meta as { autoUpdate?: boolean } | undefined
      return !(meta?.autoUpdate === true && changes > 1)
    },
    label(attribute) {
      /* a foreign key outside the form is named by its relationship ("Author") */
      const relation = foreignKeys.get(attribute)?.name
      return fields.get(attribute)?.getLabel() ?? sentenceCase(relation ?? attribute)
    },
    value(attribute, value) {
      if (value === REDACTED) return { text: t.t('audit.redacted') }
      if (value === null || value === undefined || value === '') return empty()
      const field = fields.get(attribute)
      const known = options.get(attribute)
      if (known) {
        const keys = optionKeys(value)
        if (keys.length && keys.length === (Array.isArray(value) ? value.length : 1)) {
          const shown = keys.map((key) => known.get(String(key)) ?? { text: String(key) })
          return shown.length === 1
            ? shown[0]
            : { text: shown.map((entry) => entry.text).join(', ') }
        }
        if (Array.isArray(value) && value.length === 0) return empty()
      }
      const format = field?.valueFormat() ?? 'plain'
      const toggled = format === 'boolean'
      const bool = asBoolean(value)
      if (bool !== null && (toggled || typeof value === 'boolean')) {
        return { text: t.t(bool ? 'table.yes' : 'table.no') }
      }
      if (typeof value === 'string') {
        const sanitize = textSanitizer([...fields.values()], attribute)
        if (sanitize) return { text: sanitize(value) ?? '' }
        const dateOnly =
          format === 'date' ||
          (model ? isDateOnly(model, attribute) : false) ||
          ISO_DATE.test(value)
        if (dateOnly && (ISO_DATE.test(value) || ISO_DATE_TIME.test(value))) {
          return {
            text: DATE.present(value.slice(0, 10), null, presentation, now, true).formatted ?? '',
          }
        }
        if (format === 'dateTime' || ISO_DATE_TIME.test(value)) {
          return { text: DATE_TIME.present(value, null, presentation, now).formatted ?? value }
        }
        return { text: value }
      }
      if (Array.isArray(value)) {
        if (!value.length) return empty()
        if (value.every((entry) => typeof entry !== 'object' || entry === null)) {
          return { text: value.map((entry) => String(entry)).join(', ') }
        }
      }
      return { text: typeof value === 'object' ? JSON.stringify(value) : String(value) }
    },
  }
}
