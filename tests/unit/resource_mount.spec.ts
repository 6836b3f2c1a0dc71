import { test } from '@japa/runner'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'
import { type Table } from '../../src/definitions/table/table.ts'
import { type Form } from '../../src/definitions/form/form.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import {
  CreateRecord,
  CustomPage,
  EditRecord,
  ListRecords,
  ManageRecords,
  type PageRoute,
} from '../../src/definitions/pages/resource_page.ts'
import {
  KitBuilderException,
  KitConfigurationException,
  KitUrlException,
} from '../../src/support/errors.ts'
import { Post } from '../helpers.ts'
import PostRules from '../app/app/rules/post_rules.ts'
import { mountOf } from '../../src/runtime/mounts/mount_registry.ts'
import { Repeater } from '../../src/definitions/form/fields/repeater.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochureRules from '../app/app/rules/brochure_rules.ts'

function mountOptions(): MountOptions {
  return {
    panelId: 'x',
    prefix: '/x',
    name: 'kit.x',
    middleware: [],
    mutationMiddleware: [],
    resolveUser: () => null,
  }
}

function mount(resource: Resource<any>) {
  return new ResourceMount(resource, mountOptions())
}

function refusal(callback: () => unknown) {
  try {
    callback()
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

class ArticleResource extends Resource<typeof Post> {
  model = Post

  table(table: Table) {
    return table
      .columns([TextColumn.make('title').sortable(), TextColumn.make('status')])
      .defaultSort('createdAt', 'desc')
  }

  form(form: Form) {
    return form.schema([TextInput.make('title'), TextInput.make('body')])
  }

  validation() {
    return PostRules
  }
}

class ListOnlyResource extends Resource<typeof Post> {
  model = Post
  slug = 'read-only-posts'

  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/') }
  }
}

class UnknownColumnResource extends ArticleResource {
  table(table: Table) {
    return table.columns([TextColumn.make('title'), TextColumn.make('password')])
  }
}

class HiddenColumnResource extends ArticleResource {
  table(table: Table) {
    return table.columns([TextColumn.make('title'), TextColumn.make('secretNote')])
  }
}

class UnknownDefaultSortResource extends ArticleResource {
  table(table: Table) {
    return table.columns([TextColumn.make('title')]).defaultSort('publishedAt')
  }
}

class DuplicateFieldResource extends ArticleResource {
  form(form: Form) {
    return form.schema([TextInput.make('title'), TextInput.make('body'), TextInput.make('title')])
  }
}

class ReportPage extends CustomPage {
  component = 'articles/report'
  operation() {
    return ResourceOperation.ViewAny
  }
  title() {
    return 'Report'
  }
}

class RecordReport extends ReportPage {
  operation() {
    return ResourceOperation.View
  }
}

class StorePageResource extends ArticleResource {
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), store: ListRecords.route('/store') }
  }
}

class ReservedPageKeysResource extends ArticleResource {
  constructor(readonly key: string) {
    super()
  }

  getPages(): Record<string, PageRoute> {
    return { [this.key]: ListRecords.route('/other') }
  }
}

class UnsafePathResource extends ArticleResource {
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), sneaky: ListRecords.route('/../admin') }
  }
}

class EditWithoutRecordResource extends ArticleResource {
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), edit: EditRecord.route('/edit') }
  }
}

class NoValidationResource extends Resource<typeof Post> {
  model = Post
}

class CreateOnlyNoValidationResource extends Resource<typeof Post> {
  model = Post
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), create: CreateRecord.route('/create') }
  }
}

class NotAModelResource extends Resource<any> {
  model = class NotAModel {} as any
}

class CachedTableResource extends ArticleResource {
  #table?: Table
  table(table: Table) {
    this.#table ??= super.table(table)
    return this.#table
  }
}

class ForeignEditPage extends EditRecord {
  resource = ListOnlyResource
}

class ForeignPageResource extends ArticleResource {
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), edit: ForeignEditPage.route('/:record/edit') }
  }
}

test.group('ResourceMount | accepts', () => {
  test('a valid resource, with its default pages', ({ assert }) => {
    const resource = new ArticleResource()
    const mounted = mount(resource)
    assert.deepEqual([...mounted.pages.keys()], ['index', 'create', 'edit'])
    assert.strictEqual(mountOf(resource), mounted)
    assert.isTrue(mounted.hasPage('edit'))
    assert.isFalse(mounted.hasPage('view'))
    assert.equal(mounted.pageOfKind('edit')?.key, 'edit')
  })

  test('a list-only resource needs no validation()', ({ assert }) => {
    assert.doesNotThrow(() => mount(new ListOnlyResource()))
  })
})

test.group('ResourceMount | refuses', () => {
  test('a model that is not a Lucid model', ({ assert }) => {
    const error = refusal(() => mount(new NotAModelResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'NotAModelResource.model must be a Lucid model class')
  })

  test('a table column that is not a model column', ({ assert }) => {
    const error = refusal(() => mount(new UnknownColumnResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.equal(error!.code, 'E_KIT_CONFIG')
    assert.include(error!.message, 'UnknownColumnResource.table()')
    assert.include(error!.message, 'column "password" is not a column of Post')
  })

  test('a table column that is a hidden attribute', ({ assert }) => {
    const error = refusal(() => mount(new HiddenColumnResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'HiddenColumnResource.table()')
    assert.include(error!.message, 'column "secretNote" is a hidden attribute of Post')
  })

  test('a default sort on an unknown column', ({ assert }) => {
    const error = refusal(() => mount(new UnknownDefaultSortResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'UnknownDefaultSortResource.table()')
    assert.include(error!.message, 'default sort column "publishedAt"')
  })

  test('a form field declared twice', ({ assert }) => {
    const error = refusal(() => mount(new DuplicateFieldResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'DuplicateFieldResource.form()')
    assert.include(error!.message, 'field "title" is declared twice')
  })

  test('a cached table builder, with the builder exception', ({ assert }) => {
    const resource = new CachedTableResource()
    assert.doesNotThrow(() => mount(resource))
    const error = refusal(() => mount(resource))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'CachedTableResource.table()')
  })

  test('the page key "store"', ({ assert }) => {
    const error = refusal(() => mount(new StorePageResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'StorePageResource.getPages().store')
    assert.include(error!.message, '"store" is not a valid page key')
  })

  test('the other reserved and malformed page keys', ({ assert }) => {
    for (const key of ['update', 'destroy', '', '1st', 'a b', 'a.b', '__proto__x.y']) {
      const error = refusal(() => mount(new ReservedPageKeysResource(key)))
      assert.instanceOf(error, KitConfigurationException, key)
      assert.include(error!.message, `"${key}" is not a valid page key`)
    }
  })

  test('an unsafe page path', ({ assert }) => {
    const error = refusal(() => mount(new UnsafePathResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'UnsafePathResource.getPages().sneaky')
    assert.include(error!.message, 'traversal')
  })

  test('a page on the path of another page, a trailing slash apart', ({ assert }) => {
    class Overlapping extends ArticleResource {
      getPages(): Record<string, PageRoute> {
        return {
          index: ListRecords.route('/'),
          create: CreateRecord.route('/create'),
          report: ReportPage.route('/create/'),
        }
      }
    }
    const error = refusal(() => mount(new Overlapping()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(
      error!.message,
      'Overlapping.getPages().report: path "/create/" is already used by page "create"'
    )
  })

  test('a page under the relation manager routes', ({ assert }) => {
    for (const path of ['/:record/relations', '/:record/relations/comments']) {
      class UnderRelations extends ArticleResource {
        getPages(): Record<string, PageRoute> {
          return { index: ListRecords.route('/'), comments: RecordReport.route(path) }
        }
      }
      const error = refusal(() => mount(new UnderRelations()))
      assert.instanceOf(error, KitConfigurationException, path)
      assert.include(
        error!.message,
        `UnderRelations.getPages().comments: path "${path}" is reserved for the relation manager routes`
      )
    }
  })

  test('an edit page without ":record"', ({ assert }) => {
    const error = refusal(() => mount(new EditWithoutRecordResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'EditWithoutRecordResource.getPages().edit')
    assert.include(error!.message, ':record')
  })

  test('a create and edit page without validation()', ({ assert }) => {
    const error = refusal(() => mount(new NoValidationResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'NoValidationResource.validation() must return a Rules class')
  })

  test('a create page alone without validation()', ({ assert }) => {
    const error = refusal(() => mount(new CreateOnlyNoValidationResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'CreateOnlyNoValidationResource.validation()')
  })

  test('a page that belongs to another resource', ({ assert }) => {
    const error = refusal(() => mount(new ForeignPageResource()))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'ForeignPageResource.getPages().edit')
    assert.include(error!.message, 'belongs to ListOnlyResource')
  })

  test('a failed mount leaves the resource unmounted', ({ assert }) => {
    const resource = new UnknownColumnResource()
    assert.throws(() => mount(resource))
    assert.isUndefined(mountOf(resource))
  })
})

test.group('ResourceMount | URLs and route names', () => {
  function post(id: number) {
    const record = new Post()
    record.id = id
    return record
  }

  test('builds page URLs with the record key', ({ assert }) => {
    const mounted = mount(new ArticleResource())
    assert.equal(mounted.basePath(), '/x/posts')
    assert.equal(mounted.url('index'), '/x/posts')
    assert.equal(mounted.url('create'), '/x/posts/create')
    assert.equal(mounted.url('edit', post(1)), '/x/posts/1/edit')
    assert.equal(mounted.url('edit', 1), '/x/posts/1/edit')
    assert.equal(mounted.url('edit', '1'), '/x/posts/1/edit')
  })

  test('builds record URLs', ({ assert }) => {
    const mounted = mount(new ArticleResource())
    assert.equal(mounted.recordUrl(post(1)), '/x/posts/1')
    assert.equal(mounted.recordUrl(42), '/x/posts/42')
    assert.equal(mounted.recordUrl(), '/x/posts')
    assert.equal(mounted.recordUrl(null), '/x/posts')
  })

  test('encodes the record key', ({ assert }) => {
    class SluggedResource extends ArticleResource {
      recordKeyType = 'string' as const
    }
    const mounted = mount(new SluggedResource())
    assert.equal(mounted.recordUrl('a-b_C9'), '/x/posts/a-b_C9')
    assert.equal(mounted.url('edit', 'my_post'), '/x/posts/my_post/edit')
  })

  test('refuses the URL of a record it cannot name, naming the resource and the page', ({
    assert,
  }) => {
    class ManagedResource extends ArticleResource {
      getPages(): Record<string, PageRoute> {
        return { manage: ManageRecords.route('/') }
      }
    }
    const mounted = mount(new ArticleResource())
    const managed = mount(new ManagedResource())
    const unsaved = new Post()
    const keyless = new Post()
    keyless.$isPersisted = true

    const cases: [string, () => unknown, string][] = [
      ['url, empty key', () => mounted.url('edit', ''), 'page "edit"'],
      ['url, unsaved record', () => mounted.url('edit', unsaved), 'page "edit"'],
      ['url, a record without key', () => mounted.url('edit', keyless), 'page "edit"'],
      ['url, the string "undefined"', () => mounted.url('edit', 'undefined'), 'page "edit"'],
      ['url, a path', () => mounted.url('edit', '../1'), 'page "edit"'],
      ['url, zero', () => mounted.url('edit', 0), 'page "edit"'],
      ['url, a fraction', () => mounted.url('edit', 1.5), 'page "edit"'],
      ['recordUrl, empty key', () => mounted.recordUrl(''), 'the record endpoint'],
      ['recordUrl, unsaved record', () => mounted.recordUrl(unsaved), 'the record endpoint'],
      ['actionUrl, empty key', () => mounted.actionUrl('publish', ''), 'action "publish"'],
      ['actionUrl, unsaved', () => mounted.actionUrl('publish', unsaved), 'action "publish"'],
      [
        'optionUrl, unsaved',
        () => mounted.optionUrl('author', unsaved),
        'the options of field "author"',
      ],
      ['editUrl, unsaved', () => mounted.editUrl(unsaved), 'page "edit"'],
      ['editUrl, manage page', () => managed.editUrl(unsaved), 'page "manage" (?edit=)'],
      ['editUrl, manage page, empty', () => managed.editUrl(keyless), 'page "manage" (?edit=)'],
      ['resource.url, unsaved', () => mounted.resource.url('edit', unsaved), 'page "edit"'],
    ]
    for (const [name, build, target] of cases) {
      const error = refusal(build)
      assert.instanceOf(error, KitUrlException, name)
      assert.equal((error as KitUrlException).code, 'E_KIT_URL', name)
      const resourceName = name.includes('manage') ? 'ManagedResource' : 'ArticleResource'
      assert.include(error!.message, `${resourceName}: cannot build the URL of ${target}`, name)
    }

    assert.include(
      refusal(() => mounted.url('edit', unsaved))!.message,
      'the Post record is not saved'
    )
    assert.include(refusal(() => mounted.url('edit', ''))!.message, 'the Post key is empty')
    assert.include(
      refusal(() => mounted.url('edit', 'undefined'))!.message,
      'the Post key "undefined" is not a valid integer key (recordKeyType)'
    )
    /* a record URL without any record stays the old refusal */
    assert.include(refusal(() => mounted.url('edit'))!.message, 'needs a record')
  })

  test('refuses a record URL without a record, and unknown pages', ({ assert }) => {
    const mounted = mount(new ArticleResource())
    const missing = refusal(() => mounted.url('edit'))
    assert.instanceOf(missing, KitConfigurationException)
    assert.include(missing!.message, 'needs a record')

    const unknown = refusal(() => mounted.url('view', 1))
    assert.instanceOf(unknown, KitConfigurationException)
    assert.include(unknown!.message, 'ArticleResource has no page "view"')
  })

  test('resource.url() answers through the mount', ({ assert }) => {
    const resource = new ArticleResource()
    mount(resource)
    assert.equal(resource.url('edit', post(1)), '/x/posts/1/edit')
  })

  test('uses the declared slug', ({ assert }) => {
    const mounted = mount(new ListOnlyResource())
    assert.equal(mounted.url('index'), '/x/read-only-posts')
    assert.equal(mounted.routeName('index'), 'kit.x.read-only-posts.index')
  })

  test('route names are <name>.<slug>.<suffix>', ({ assert }) => {
    const mounted = mount(new ArticleResource())
    assert.equal(mounted.routeName('index'), 'kit.x.posts.index')
    assert.equal(mounted.routeName('edit'), 'kit.x.posts.edit')
    assert.equal(mounted.routeName('store'), 'kit.x.posts.store')
  })

  test('normalizes the prefix', ({ assert }) => {
    const mounted = new ResourceMount(new ArticleResource(), { ...mountOptions(), prefix: '/x/' })
    assert.equal(mounted.url('edit', 3), '/x/posts/3/edit')
    const root = new ResourceMount(new ArticleResource(), { ...mountOptions(), prefix: '/' })
    assert.equal(root.url('index'), '/posts')
  })
})

test.group('ResourceMount | independent of other models', () => {
  class Gizmo extends BaseModel {
    @column({ isPrimary: true })
    declare id: number

    @column()
    declare name: string
  }

  class GizmoResource extends Resource<typeof Gizmo> {
    model = Gizmo
    getPages(): Record<string, PageRoute> {
      return { index: ListRecords.route('/') }
    }
    table(table: Table) {
      return table.columns([TextColumn.make('name')]).defaultSort('id', 'desc')
    }
  }

  test('mounts a resource over an inline model', ({ assert }) => {
    const mounted = mount(new GizmoResource())
    assert.equal(mounted.url('index'), '/x/gizmos')
  })
})

test.group('ResourceMount | relationship repeaters', () => {
  function brochures(repeater: Repeater) {
    return class extends Resource<typeof Brochure> {
      model = Brochure
      async canAccess() {
        return true
      }
      form(form: Form) {
        return form.schema([TextInput.make('title'), repeater])
      }
      validation() {
        return BrochureRules
      }
    }
  }

  test('a repeater stored as a has-many relationship is checked at boot', ({ assert }) => {
    const Valid = brochures(
      Repeater.make('items')
        .relationship('items', { orderColumn: 'position' })
        .schema([TextInput.make('label')])
    )
    assert.doesNotThrow(() => mount(new Valid()))

    for (const [repeater, message] of [
      [
        Repeater.make('cover')
          .relationship()
          .schema([TextInput.make('label')]),
        'Repeater "cover".relationship("cover") is not a hasMany relationship of Brochure',
      ],
      [
        Repeater.make('items')
          .relationship()
          .schema([TextInput.make('nope')]),
        '"nope" is not a writable column of BrochureItem',
      ],
      [
        Repeater.make('items')
          .relationship()
          .schema([TextInput.make('brochureId')]),
        '"brochureId" is not a writable column of BrochureItem',
      ],
      [
        Repeater.make('items')
          .relationship('items', { orderColumn: 'id' })
          .schema([TextInput.make('label')]),
        '"id" is not a writable column of BrochureItem',
      ],
    ] as const) {
      const Invalid = brochures(repeater)
      const error = refusal(() => mount(new Invalid()))
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error!.message, '.form(): ')
      assert.include(error!.message, message)
    }
  })
})
