import type { LucidModel } from '@adonisjs/lucid/types/model'
import { sentenceCase } from '../definitions/resource/labels.ts'
import type { InspectedColumn } from './table_inspector.ts'

/**
 * How a column is edited and validated.
 */
export type ColumnKind =
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'integer'
  | 'decimal'
  | 'text'
  | 'string'
  | 'enum'
  | 'json'
  | 'relationship'
  | 'unsupported'

/**
 * Columns every resource leaves to the framework.
 */
export const SKIPPED_COLUMNS = ['created_at', 'updated_at', 'deleted_at', 'remember_token']

/**
 * The column names taken as a record's integer version (`versionColumn`):
 * never a field, the kit increments it on every update.
 */
export const VERSION_COLUMNS = ['lock_version']

const INTEGER_TYPES = [
  'integer',
  'int',
  'smallint',
  'mediumint',
  'bigint',
  'tinyint',
  'int2',
  'int4',
  'int8',
  'serial',
  'bigserial',
  'smallserial',
  'unsigned big int',
]
const DECIMAL_TYPES = [
  'decimal',
  'numeric',
  'real',
  'double',
  'double precision',
  'float',
  'float4',
  'float8',
  'money',
]
const DATETIME_TYPES = [
  'datetime',
  'timestamp',
  'timestamptz',
  'timestamp with time zone',
  'timestamp without time zone',
]
const TEXT_TYPES = ['text', 'mediumtext', 'longtext', 'ntext', 'clob']
const STRING_TYPES = [
  'varchar',
  'character varying',
  'char',
  'character',
  'nvarchar',
  'nchar',
  'varchar2',
  'tinytext',
  'citext',
  'uuid',
  'time',
  'time without time zone',
  'time with time zone',
  'year',
]

/**
 * The kind of a column from its reported type. MySQL/MariaDB booleans are
 * `tinyint(1)`.
 */
export function columnKind(column: InspectedColumn): ColumnKind {
  const type = column.type
  if (type === 'boolean' || type === 'bool' || column.fullType.startsWith('tinyint(1)')) {
    return 'boolean'
  }
  if (type === 'date') return 'date'
  if (DATETIME_TYPES.includes(type)) return 'datetime'
  if (INTEGER_TYPES.includes(type)) return 'integer'
  if (DECIMAL_TYPES.includes(type)) return 'decimal'
  if (TEXT_TYPES.includes(type)) return 'text'
  if (type === 'enum' && column.enumValues?.length) return 'enum'
  if (type === 'json' || type === 'jsonb') return 'json'
  if (STRING_TYPES.includes(type)) return 'string'
  return 'unsupported'
}

/**
 * One generated member of the form, the table, the infolist and the rules.
 */
export interface BlueprintField {
  column: string
  attribute: string
  kind: ColumnKind
  /** `TextInput.make('name').required().maxLength(255)` */
  field: string
  /** `TextColumn.make('name').searchable().sortable()`, or null when left out of the table */
  tableColumn: string | null
  /** `TextEntry.make('name')` */
  entry: string
  /** `vine.string().trim().minLength(1).maxLength(255)` */
  rule: string
  /** `TernaryFilter.make('isActive')`, or null when the column gets no filter */
  filter: string | null
}

/**
 * What `--generate` writes into a resource and its Rules class.
 */
export interface ResourceBlueprint {
  fields: BlueprintField[]
  /** The first string column: searchable, and the record title */
  titleAttribute: string | null
  /** Columns left out, with the reason */
  skipped: { column: string; reason: string }[]
  /** Names imported from 'adonis-kit' by the resource */
  kitImports: string[]
  /** Whether the Rules class uses the kit's date rules (`kitRules`) */
  usesDateTime: boolean
  /** The attribute of a `lock_version` column (the resource's `versionColumn`), or null */
  versionColumn: string | null
  /** The table's filters: booleans, enums and dates */
  filters: string[]
}

/**
 * Attributes a related record is named by, in order of preference.
 */
const LABEL_ATTRIBUTES = ['name', 'title', 'label', 'fullName', 'displayName', 'username', 'email']

/**
 * The belongsTo relationships of a model by the column of their foreign key
 * (`owner_id` -> `owner`), each with the attribute that names a related
 * record (its primary key when none of {@link LABEL_ATTRIBUTES} is declared).
 */
function belongsToByColumn(model: LucidModel) {
  const relations = new Map<string, { name: string; labelAttribute: string }>()
  for (const [name, relation] of model.$relationsDefinitions ?? []) {
    if (relation.type !== 'belongsTo') continue
    try {
      relation.boot()
    } catch {
      /* a relationship that does not boot is left out, and its key reported */
      continue
    }
    const related = relation.relatedModel()
    related.boot()
    const foreignKey = (relation as { foreignKey?: string }).foreignKey
    const column = foreignKey ? model.$getColumn(foreignKey)?.columnName : undefined
    if (!column) continue
    const labelAttribute =
      LABEL_ATTRIBUTES.find((attribute) => related.$columnsDefinitions.has(attribute)) ??
      related.primaryKey
    relations.set(column, { name, labelAttribute })
  }
  return relations
}

/**
 * The rule of a date or date-time column: the kit's date rule, which maps an
 * empty input to null and a date to a luxon DateTime (or to a string for a
 * model attribute declared as a plain column). A nullable column gets the
 * optional, nullable rule; a column with a default may be left out.
 */
function dateRule(kind: 'date' | 'dateTime', luxonAttribute: boolean, column: InspectedColumn) {
  const options: string[] = []
  if (!column.nullable) {
    options.push('required: true')
  }
  if (!luxonAttribute) {
    options.push(`as: 'string'`)
  }
  const rule = `kitRules.${kind}(${options.length ? `{ ${options.join(', ')} }` : ''})`
  return !column.nullable && column.hasDefault ? `${rule}.optional()` : rule
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

function optionsObject(values: string[]): string {
  const entries = values.map((value) => {
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(value) ? value : quote(value)
    const label = value.replace(/[_-]+/g, ' ').replace(/^./, (char) => char.toUpperCase())
    return `${key}: ${quote(label)}`
  })
  return `{ ${entries.join(', ')} }`
}

function isEmailColumn(name: string) {
  return name === 'email' || name.endsWith('_email')
}

/**
 * Map the columns of a table onto form fields, table columns, infolist
 * entries and Vine rules, using the model's attribute names. Keys (the
 * primary key and `*_id` columns), timestamps, `deleted_at`,
 * `remember_token`, hidden attributes, columns the model does not declare
 * and unsupported types (JSON, binary) are left out and reported.
 */
export function buildResourceBlueprint(
  model: LucidModel,
  columns: InspectedColumn[]
): ResourceBlueprint {
  const attributesByColumn = new Map<string, { attribute: string; options: any }>()
  for (const [attribute, options] of model.$columnsDefinitions) {
    attributesByColumn.set(options.columnName, { attribute, options })
  }

  const relationsByColumn = belongsToByColumn(model)
  const fields: BlueprintField[] = []
  const skipped: ResourceBlueprint['skipped'] = []
  const kitImports = new Set<string>()
  let titleAttribute: string | null = null
  let usesDateTime = false
  let versionColumn: string | null = null

  for (const column of columns) {
    /* keys, timestamps and framework columns */
    if (column.primary) {
      skipped.push({ column: column.name, reason: 'primary key' })
      continue
    }
    if (SKIPPED_COLUMNS.includes(column.name)) {
      skipped.push({ column: column.name, reason: 'managed by the framework' })
      continue
    }
    const versioned = attributesByColumn.get(column.name)
    if (VERSION_COLUMNS.includes(column.name) && versioned) {
      versionColumn = versioned.attribute
      skipped.push({ column: column.name, reason: 'the record version (versionColumn)' })
      continue
    }
    const relation = relationsByColumn.get(column.name)
    if (column.name.endsWith('_id') && !relation) {
      skipped.push({
        column: column.name,
        reason:
          'foreign key without a belongsTo relationship on the model (declare one to get a Select, or set it in a hook)',
      })
      continue
    }

    /* only what the model declares and shows */
    const declared = attributesByColumn.get(column.name)
    if (!declared) {
      skipped.push({ column: column.name, reason: `not declared on the ${model.name} model` })
      continue
    }
    if (declared.options.serializeAs === null) {
      skipped.push({ column: column.name, reason: 'hidden attribute (serializeAs: null)' })
      continue
    }

    const kind = relation ? 'relationship' : columnKind(column)
    if (kind === 'unsupported') {
      skipped.push({ column: column.name, reason: `unsupported type "${column.fullType}"` })
      continue
    }

    const attribute = declared.attribute
    const required = !column.nullable && !column.hasDefault
    const name = quote(attribute)
    const requiredCall = required ? '.required()' : ''
    const modelType = declared.options.meta?.type

    let field: string
    let rule: string
    let tableColumn: string | null = `TextColumn.make(${name}).sortable()`
    let entry = `TextEntry.make(${name})`
    let filter: string | null = null

    switch (kind) {
      case 'relationship': {
        /* a searchable select of the related records; the column and the
           entry show the related record's name */
        const { name: relationName, labelAttribute } = relation!
        const path = quote(`${relationName}.${labelAttribute}`)
        const label = quote(sentenceCase(relationName))
        kitImports.add('Select')
        field = `Select.make(${name})${requiredCall}.relationship(${quote(relationName)}, ${quote(labelAttribute)}).searchable()`
        rule = INTEGER_TYPES.includes(column.type)
          ? 'vine.number().withoutDecimals()'
          : 'vine.string().trim()'
        tableColumn = `TextColumn.make(${path}).label(${label})`
        entry = `TextEntry.make(${path}).label(${label})`
        break
      }
      case 'boolean':
        kitImports.add('Toggle')
        field = `Toggle.make(${name})${requiredCall}`
        rule = 'vine.boolean()'
        /* a switch in the table, saved through the editable-column endpoint
           (the generated rule validates it); SQLite and MySQL give 1/0, which
           the contract casts to booleans */
        kitImports.add('ToggleColumn')
        tableColumn = `ToggleColumn.make(${name}).sortable()`
        kitImports.add('TernaryFilter')
        filter = `TernaryFilter.make(${name})`
        break
      case 'date':
        kitImports.add('DatePicker')
        field = `DatePicker.make(${name})${requiredCall}`
        usesDateTime = true
        rule = dateRule('date', modelType === 'date', column)
        kitImports.add('DateRangeFilter')
        filter = `DateRangeFilter.make(${name})`
        break
      case 'datetime':
        kitImports.add('DateTimePicker')
        field = `DateTimePicker.make(${name})${requiredCall}`
        usesDateTime = true
        rule = dateRule('dateTime', modelType === 'datetime', column)
        kitImports.add('DateRangeFilter')
        filter = `DateRangeFilter.make(${name})`
        break
      case 'integer':
        kitImports.add('TextInput')
        field = `TextInput.make(${name})${requiredCall}.numeric()`
        rule = 'vine.number().withoutDecimals()'
        break
      case 'decimal':
        kitImports.add('TextInput')
        field = `TextInput.make(${name})${requiredCall}.numeric()`
        rule = 'vine.number()'
        break
      case 'text':
        kitImports.add('Textarea')
        field = `Textarea.make(${name})${requiredCall}`
        rule = `vine.string().trim()${required ? '.minLength(1)' : ''}`
        tableColumn = null
        break
      case 'json':
        /* a JSON object of text values; the model casts the attribute to and from JSON */
        kitImports.add('KeyValue')
        field = `KeyValue.make(${name})${requiredCall}`
        rule = 'vine.record(vine.string())'
        tableColumn = null
        break
      case 'enum':
        kitImports.add('Select')
        field = `Select.make(${name})${requiredCall}.options(${optionsObject(column.enumValues!)})`
        rule = `vine.enum([${column.enumValues!.map(quote).join(', ')}] as const)`
        kitImports.add('SelectFilter')
        filter = `SelectFilter.make(${name}).options(${optionsObject(column.enumValues!)})`
        break
      default: {
        if (isColorColumn(column.name)) {
          kitImports.add('ColorPicker')
          field = `ColorPicker.make(${name})${requiredCall}`
          rule = 'vine.string()'
          tableColumn = `TextColumn.make(${name})`
          break
        }
        kitImports.add('TextInput')
        const email = isEmailColumn(column.name)
        const length = column.maxLength
        field = `TextInput.make(${name})${requiredCall}${email ? '.email()' : ''}${length ? `.maxLength(${length})` : ''}`
        rule = `vine.string().trim()${required ? '.minLength(1)' : ''}${length ? `.maxLength(${length})` : ''}${email ? '.email()' : ''}${column.type === 'uuid' ? '.uuid()' : ''}`
        if (titleAttribute === null) {
          titleAttribute = attribute
          tableColumn = `TextColumn.make(${name}).searchable().sortable()`
        }
      }
    }

    /* nullability decides the rule's presence (the date rules carry their own) */
    if (kind === 'date' || kind === 'datetime') {
      /* kitRules.date() and kitRules.dateTime() */
    } else if (column.nullable) {
      rule += '.nullable().optional()'
    } else if (column.hasDefault) {
      rule += '.optional()'
    }

    fields.push({
      column: column.name,
      attribute,
      kind,
      field,
      tableColumn,
      entry,
      rule,
      filter,
    })
  }

  if (fields.some((field) => field.tableColumn?.startsWith('TextColumn'))) {
    kitImports.add('TextColumn')
  }

  return {
    fields,
    titleAttribute,
    skipped,
    kitImports: [...kitImports].sort(),
    usesDateTime,
    versionColumn,
    filters: fields.flatMap((field) => (field.filter ? [field.filter] : [])),
  }
}

/**
 * Whether a column holds a color by its name (`color`, `brand_color`,
 * `background_colour`): edited with a ColorPicker.
 */
function isColorColumn(name: string) {
  return /(^|_)colou?r$/i.test(name)
}
