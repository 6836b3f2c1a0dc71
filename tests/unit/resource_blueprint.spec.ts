import { test } from '@japa/runner'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { DateTime } from 'luxon'
import { buildResourceBlueprint, columnKind } from '../../src/generators/resource_blueprint.ts'
import type { InspectedColumn } from '../../src/generators/table_inspector.ts'
import { addToResourcesList, isSafeName } from '../../src/generators/command_helpers.ts'

function col(
  name: string,
  type: string,
  overrides: Partial<InspectedColumn> = {}
): InspectedColumn {
  return {
    name,
    type,
    fullType: type,
    nullable: false,
    hasDefault: false,
    maxLength: null,
    primary: false,
    enumValues: null,
    ...overrides,
  }
}

class Item extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare size: string

  @column()
  declare level: number

  @column()
  declare code: string | null

  @column.date()
  declare dueOn: DateTime | null

  @column()
  declare startsOn: string | null

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare settings: Record<string, string> | null

  @column()
  declare brandColor: string

  @column()
  declare isActive: boolean

  @column()
  declare notes: string | null

  @column()
  declare lockVersion: number
}
Item.boot()

test.group('Generators | column kinds per dialect', () => {
  for (const [type, fullType, kind] of [
    ['boolean', 'boolean', 'boolean'],
    ['tinyint', 'tinyint(1)', 'boolean'],
    ['tinyint', 'tinyint(4)', 'integer'],
    ['integer', 'integer', 'integer'],
    ['bigint', 'bigint(20) unsigned', 'integer'],
    ['numeric', 'numeric', 'decimal'],
    ['double precision', 'float8', 'decimal'],
    ['date', 'date', 'date'],
    ['datetime', 'datetime', 'datetime'],
    ['timestamp with time zone', 'timestamptz', 'datetime'],
    ['timestamp', 'timestamp', 'datetime'],
    ['text', 'text', 'text'],
    ['longtext', 'longtext', 'text'],
    ['character varying', 'varchar', 'string'],
    ['varchar', 'varchar(255)', 'string'],
    ['uuid', 'uuid', 'string'],
    ['json', 'json', 'json'],
    ['jsonb', 'jsonb', 'json'],
    ['bytea', 'bytea', 'unsupported'],
    ['blob', 'blob', 'unsupported'],
  ] as const) {
    test(`{type} ({fullType}) is {kind}`, ({ assert }) => {
      assert.equal(columnKind(col('x', type, { fullType })), kind)
    }).with([{ type, fullType, kind }] as any)
  }
})

test.group('Generators | blueprint', () => {
  test('json columns become KeyValue, color columns ColorPicker, booleans Toggle', ({ assert }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('settings', 'jsonb', { nullable: true }),
      col('brand_color', 'varchar', { maxLength: 9 }),
      col('is_active', 'boolean', { hasDefault: true }),
      col('notes', 'text', { nullable: true }),
    ])
    assert.deepEqual(
      blueprint.fields.map((field) => [field.field, field.rule]),
      [
        [`KeyValue.make('settings')`, 'vine.record(vine.string()).nullable().optional()'],
        [`ColorPicker.make('brandColor').required()`, 'vine.string()'],
        [`Toggle.make('isActive')`, 'vine.boolean().optional()'],
        [`Textarea.make('notes')`, 'vine.string().trim().nullable().optional()'],
      ]
    )
  })

  test('a lock_version column is the version column, never a field', ({ assert }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('notes', 'text', { nullable: true }),
      col('lock_version', 'integer', { hasDefault: true }),
    ])
    assert.equal(blueprint.versionColumn, 'lockVersion')
    assert.deepEqual(
      blueprint.fields.map((field) => field.attribute),
      ['notes']
    )
    assert.deepInclude(blueprint.skipped, {
      column: 'lock_version',
      reason: 'the record version (versionColumn)',
    })
    assert.isNull(buildResourceBlueprint(Item, [col('notes', 'text')]).versionColumn)
  })

  test('a MySQL enum becomes a Select and a Vine enum', ({ assert }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('size', 'enum', {
        fullType: "enum('small','x-large','it''s')",
        enumValues: ['small', 'x-large', "it's"],
      }),
    ])
    assert.equal(
      blueprint.fields[0].field,
      `Select.make('size').required().options({ small: 'Small', 'x-large': 'X large', 'it\\'s': 'It\\'s' })`
    )
    assert.equal(blueprint.fields[0].rule, `vine.enum(['small', 'x-large', 'it\\'s'] as const)`)
    /* and a select filter of the same options */
    assert.deepEqual(blueprint.filters, [
      `SelectFilter.make('size').options({ small: 'Small', 'x-large': 'X large', 'it\\'s': 'It\\'s' })`,
    ])
    assert.deepEqual(blueprint.kitImports, ['Select', 'SelectFilter', 'TextColumn'])
  })

  test('a foreign key of a belongsTo is a searchable select; without one it is left out', ({
    assert,
  }) => {
    class Team extends BaseModel {
      @column({ isPrimary: true })
      declare id: number

      @column()
      declare title: string
    }
    class Member extends BaseModel {
      @column({ isPrimary: true })
      declare id: number

      @column()
      declare teamId: number

      @column()
      declare mentorId: number | null

      @belongsTo(() => Team)
      declare team: BelongsTo<typeof Team>
    }
    const blueprint = buildResourceBlueprint(Member, [
      col('team_id', 'integer'),
      col('mentor_id', 'integer', { nullable: true }),
    ])
    assert.lengthOf(blueprint.fields, 1)
    const [team] = blueprint.fields
    assert.equal(
      team.field,
      `Select.make('teamId').required().relationship('team', 'title').searchable()`
    )
    assert.equal(team.rule, 'vine.number().withoutDecimals()')
    assert.equal(team.tableColumn, `TextColumn.make('team.title').label('Team')`)
    assert.equal(team.entry, `TextEntry.make('team.title').label('Team')`)
    assert.deepEqual(blueprint.skipped, [
      {
        column: 'mentor_id',
        reason:
          'foreign key without a belongsTo relationship on the model (declare one to get a Select, or set it in a hook)',
      },
    ])
  })

  test('presence follows nullability and defaults', ({ assert }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('level', 'integer', { hasDefault: true }),
      col('code', 'varchar', { nullable: true, maxLength: 12 }),
    ])
    assert.deepEqual(
      blueprint.fields.map((field) => [field.field, field.rule]),
      [
        [`TextInput.make('level').numeric()`, 'vine.number().withoutDecimals().optional()'],
        [
          `TextInput.make('code').maxLength(12)`,
          'vine.string().trim().maxLength(12).nullable().optional()',
        ],
      ]
    )
    assert.equal(blueprint.titleAttribute, 'code')
  })

  test('a date column declared without column.date() is saved as an ISO date string', ({
    assert,
  }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('due_on', 'date', { nullable: true }),
      col('starts_on', 'date', { nullable: true }),
    ])
    assert.equal(blueprint.fields[0].rule, 'kitRules.date()')
    assert.equal(blueprint.fields[1].rule, `kitRules.date({ as: 'string' })`)
    assert.isTrue(blueprint.usesDateTime)
  })

  test('a required date column gets the required date rule; one with a default may be left out', ({
    assert,
  }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('due_on', 'date'),
      col('starts_on', 'date', { hasDefault: true }),
    ])
    assert.equal(blueprint.fields[0].rule, 'kitRules.date({ required: true })')
    assert.equal(
      blueprint.fields[1].rule,
      `kitRules.date({ required: true, as: 'string' }).optional()`
    )
  })

  test('hidden attributes and undeclared columns are left out and reported', ({ assert }) => {
    const blueprint = buildResourceBlueprint(Item, [
      col('id', 'integer', { primary: true }),
      col('password', 'varchar'),
      col('legacy', 'varchar'),
      col('team_id', 'integer'),
    ])
    assert.deepEqual(blueprint.fields, [])
    assert.deepEqual(blueprint.skipped, [
      { column: 'id', reason: 'primary key' },
      { column: 'password', reason: 'hidden attribute (serializeAs: null)' },
      { column: 'legacy', reason: 'not declared on the Item model' },
      {
        column: 'team_id',
        reason:
          'foreign key without a belongsTo relationship on the model (declare one to get a Select, or set it in a hook)',
      },
    ])
  })
})

test.group('Generators | names and config/kit.ts', () => {
  test('safe names', ({ assert }) => {
    for (const name of ['Post', 'post', 'BlogPost', 'blog_post', 'Post2']) {
      assert.isTrue(isSafeName(name), name)
    }
    for (const name of [
      '',
      '../Post',
      'a/b',
      'a\\b',
      'Post.ts',
      '2Post',
      'Po st',
      'x'.repeat(101),
    ]) {
      assert.isFalse(isSafeName(name), name)
    }
  })

  test('adds a resource to the first resources([...]) list, keeping its layout', ({ assert }) => {
    const entry = `() => import('#resources/post_resource')`
    assert.equal(
      addToResourcesList(`panel('a').resources([])`, entry),
      `panel('a').resources([${entry}])`
    )
    assert.equal(
      addToResourcesList(`panel('a').resources([() => import('#resources/tag_resource')])`, entry),
      `panel('a').resources([() => import('#resources/tag_resource'), ${entry}])`
    )
    assert.equal(
      addToResourcesList(
        `panel('a')\n  .resources([\n    () => import('#resources/tag_resource'),\n  ])\n`,
        entry
      ),
      `panel('a')\n  .resources([\n    () => import('#resources/tag_resource'),\n    ${entry},\n  ])\n`
    )
    /* brackets inside strings and comments do not end the list */
    assert.equal(
      addToResourcesList(`x.resources([/* ] */ () => import('a]'), ]).path('/')`, entry),
      `x.resources([/* ] */ () => import('a]'), ${entry}]).path('/')`
    )
    /* only the first panel */
    assert.equal(
      addToResourcesList(`a.resources([]); b.resources([])`, entry),
      `a.resources([${entry}]); b.resources([])`
    )
    assert.isNull(addToResourcesList(`defineConfig({ panels: [] })`, entry))
    assert.isNull(addToResourcesList(`a.resources([`, entry))
  })
})
