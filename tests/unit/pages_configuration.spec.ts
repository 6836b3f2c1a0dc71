import { test } from '@japa/runner'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'
import { type Form } from '../../src/definitions/form/form.ts'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import {
  CreateRecord,
  CustomPage,
  EditRecord,
  ListRecords,
  ManageRecords,
  ManageRelatedRecords,
  ViewRecord,
  type PageRoute,
} from '../../src/definitions/pages/resource_page.ts'
import { Infolist } from '../../src/definitions/infolist/infolist.ts'
import { TextEntry } from '../../src/definitions/infolist/text_entry.ts'
import { RepeatableEntry } from '../../src/definitions/infolist/repeatable_entry.ts'
import { ImageEntry } from '../../src/definitions/infolist/image_entry.ts'
import { breadcrumbsFor } from '../../src/runtime/pages/breadcrumbs.ts'
import { subNavigationFor } from '../../src/runtime/pages/sub_navigation.ts'
import { navigationFor } from '../../src/runtime/mounts/navigation.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { panel } from '../../src/definitions/panel/panel.ts'
import { ExportAction } from '../../src/definitions/export/export_action.ts'
import { ExportColumn } from '../../src/definitions/export/export_column.ts'
import { packageInstalled } from '../../src/runtime/mounts/mount_validation.ts'
import { DeleteAction, EditAction } from '../../src/definitions/pages/page_actions.ts'
import { Post } from '../helpers.ts'
import PostRules from '../app/app/rules/post_rules.ts'
import CommentsRelationManager from '../app/app/relation_managers/comments_relation_manager.ts'
import LabelsRelationManager from '../app/app/relation_managers/labels_relation_manager.ts'
import { RelationGroup } from '../../src/definitions/relations/relation_group.ts'

function options(panelMounts?: ResourceMount[]): MountOptions {
  return {
    panelId: 'x',
    prefix: '/x',
    name: 'kit.x',
    middleware: [],
    mutationMiddleware: [],
    resolveUser: () => null,
    panelMounts,
  }
}

function refusal(callback: () => unknown) {
  try {
    callback()
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

async function asyncRefusal(callback: () => Promise<unknown>) {
  try {
    await callback()
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

/**
 * Everyone may do everything: these tests are about configuration.
 */
class OpenPostResource extends Resource<typeof Post> {
  model = Post
  form(form: Form) {
    return form.schema([
      TextInput.make('title'),
      TextInput.make('body'),
      TextInput.make('secretNote'),
    ])
  }
  validation() {
    return PostRules
  }
  async canAccess() {
    return true
  }
}

class ManageComments extends ManageRelatedRecords {
  relationManager = CommentsRelationManager
}

class Activity extends CustomPage {
  component = 'posts/activity'
  operation() {
    return ResourceOperation.View
  }
  title() {
    return 'Activity'
  }
}

class Report extends CustomPage {
  component = 'posts/report'
  operation() {
    return ResourceOperation.ViewAny
  }
  title() {
    return 'Report'
  }
}

function resourceWith(pages: Record<string, PageRoute>, members: Record<string, any> = {}) {
  const resource = new OpenPostResource()
  resource.getPages = () => pages
  Object.assign(resource, members)
  return resource
}

test.group('Pages | configuration refusals at boot', () => {
  test('a manager page naming a relation the resource does not declare is refused', ({
    assert,
  }) => {
    const undeclared = resourceWith(
      { index: ListRecords.route('/'), comments: ManageComments.route('/:record/comments') },
      { getRelations: () => [LabelsRelationManager] }
    )
    const error = refusal(() => new ResourceMount(undeclared, options()))
    assert.instanceOf(error, KitConfigurationException)
    assert.equal(
      error!.message,
      'OpenPostResource.getPages().comments: CommentsRelationManager ("comments") names a relation OpenPostResource does not declare in getRelations()'
    )

    const withoutRelations = resourceWith({ comments: ManageComments.route('/:record/comments') })
    assert.match(
      refusal(() => new ResourceMount(withoutRelations, options()))!.message,
      /does not declare/
    )

    /* declared directly, or inside a relation group */
    const declared = resourceWith(
      { comments: ManageComments.route('/:record/comments') },
      { getRelations: () => [LabelsRelationManager, CommentsRelationManager] }
    )
    assert.isUndefined(refusal(() => new ResourceMount(declared, options())))
    assert.equal(new ManageComments().title(), 'Comments')
    assert.equal(new ManageComments().operation(), ResourceOperation.View)
    const grouped = resourceWith(
      { comments: ManageComments.route('/:record/comments') },
      { getRelations: () => [RelationGroup.make('Content', [CommentsRelationManager])] }
    )
    assert.isUndefined(refusal(() => new ResourceMount(grouped, options())))

    /* a manager page takes a record */
    const noRecord = resourceWith(
      { comments: ManageComments.route('/comments') },
      { getRelations: () => [CommentsRelationManager] }
    )
    assert.match(refusal(() => new ResourceMount(noRecord, options()))!.message, /":record"/)
  })

  test('custom page paths must match their operation: record placeholder or none', ({ assert }) => {
    const cases: [Record<string, PageRoute>, RegExp][] = [
      [{ activity: Activity.route('/activity') }, /must contain the ":record" placeholder/],
      [{ report: Report.route('/:record/report') }, /must not contain ":record"/],
      [{ activity: Activity.route('/:record/../x') }, /traversal/],
      [{ activity: Activity.route('/:record/%zz') }, /malformed percent-encoding/],
      [{ activity: Activity.route('/:record/%2e%2e') }, /must not be percent-encoded/],
      [{ activity: Activity.route('/:record/:other') }, /invalid segment ":other"/],
      [{ view: ViewRecord.route('/view') }, /must contain the ":record" placeholder/],
      [{ index: ManageRecords.route('/:record') }, /must not contain ":record"/],
    ]
    for (const [pages, expected] of cases) {
      const error = refusal(() => new ResourceMount(resourceWith(pages), options()))
      assert.instanceOf(error, KitConfigurationException)
      assert.match(error!.message, expected)
      assert.match(error!.message, /^OpenPostResource\.getPages\(\)\./)
    }
  })

  test('an export without columns is refused at boot; XLSX needs exceljs installed', ({
    assert,
  }) => {
    class ListWithExport extends ListRecords {
      headerActions() {
        return [ExportAction.make('export').authorizeUsing(() => true)]
      }
    }
    const error = refusal(
      () => new ResourceMount(resourceWith({ index: ListWithExport.route('/') }), options())
    )
    assert.instanceOf(error, KitConfigurationException)
    assert.equal(
      error!.message,
      'OpenPostResource.getPages().index.headerActions(): action "export" exports no column: declare columns([...])'
    )

    class ListWithXlsx extends ListRecords {
      headerActions() {
        return [
          ExportAction.make('export')
            .format('xlsx')
            .authorizeUsing(() => true)
            .columns([ExportColumn.make('title')]),
        ]
      }
    }
    /* exceljs is installed here (a dev dependency): the export is accepted */
    assert.isUndefined(
      refusal(() => new ResourceMount(resourceWith({ index: ListWithXlsx.route('/') }), options()))
    )
    assert.isTrue(packageInstalled('exceljs'))
    assert.isFalse(packageInstalled('exceljs-that-is-not-installed'))
  })

  test("a record page's Edit and Delete belong to record pages; exports to the list", ({
    assert,
  }) => {
    class ListWithEdit extends ListRecords {
      headerActions() {
        return [EditAction.make()]
      }
    }
    const error = refusal(
      () => new ResourceMount(resourceWith({ index: ListWithEdit.route('/') }), options())
    )
    assert.instanceOf(error, KitConfigurationException)
    assert.equal(
      error!.message,
      `OpenPostResource.getPages().index.headerActions(): action "edit" acts on the page's record; "index" is not a record page`
    )

    class EditWithExport extends EditRecord {
      headerActions() {
        return [
          DeleteAction.make(),
          ExportAction.make('export')
            .authorizeUsing(() => true)
            .columns([ExportColumn.make('title')]),
        ]
      }
    }
    const exporting = refusal(
      () =>
        new ResourceMount(resourceWith({ edit: EditWithExport.route('/:record/edit') }), options())
    )
    assert.equal(
      exporting!.message,
      'OpenPostResource.getPages().edit.headerActions(): action "export" exports or imports the list; declare it on the list page'
    )

    /* the defaults: Edit on the view page, Delete on the edit page, callbacks not needed */
    assert.isUndefined(
      refusal(
        () =>
          new ResourceMount(
            resourceWith({
              view: ViewRecord.route('/:record'),
              edit: EditRecord.route('/:record/edit'),
            }),
            options()
          )
      )
    )
    assert.deepEqual(
      new ViewRecord().headerActions().map((action) => action.name),
      ['edit']
    )
    assert.deepEqual(
      new EditRecord().headerActions().map((action) => [action.name, action.getColor()]),
      [['delete', 'red']]
    )
  })

  test('two pages on one path, and a page without a component, are refused', ({ assert }) => {
    const clash = resourceWith({
      view: ViewRecord.route('/:record'),
      activity: Activity.route('/:record'),
    })
    assert.equal(
      refusal(() => new ResourceMount(clash, options()))!.message,
      'OpenPostResource.getPages().activity: path "/:record" is already used by page "view"'
    )

    class Nameless extends Report {
      component = ''
    }
    const nameless = resourceWith({ report: Nameless.route('/report') })
    assert.match(
      refusal(() => new ResourceMount(nameless, options()))!.message,
      /needs a component/
    )
  })

  test('infolist entries: hidden, unknown and duplicate attributes are refused', ({ assert }) => {
    const cases: [TextEntry[], RegExp][] = [
      [[TextEntry.make('secretNote')], /"secretNote" is a hidden attribute of Post/],
      [[TextEntry.make('author.password')], /"author.password" is a hidden attribute of User/],
      [[TextEntry.make('missing')], /"missing" is not a column of Post/],
      [[TextEntry.make('author.missing')], /"missing" is not a column of User/],
      [[TextEntry.make('nope.title')], /"nope" is not a relationship of Post/],
      [[TextEntry.make('title'), TextEntry.make('title')], /entry "title" is declared twice/],
    ]
    for (const [entries, expected] of cases) {
      const resource = resourceWith(
        { view: ViewRecord.route('/:record') },
        { infolist: (infolist: Infolist) => infolist.schema(entries) }
      )
      const error = refusal(() => new ResourceMount(resource, options()))
      assert.instanceOf(error, KitConfigurationException)
      assert.match(error!.message, expected)
      assert.match(error!.message, /^OpenPostResource\.infolist\(\)/)
    }

    const replaced = resourceWith(
      { view: ViewRecord.route('/:record') },
      { infolist: () => new Infolist() }
    )
    assert.match(refusal(() => new ResourceMount(replaced, options()))!.message, /fresh Infolist/)
  })

  test('repeatable entries: to-many relationships or columns, visible attributes only', ({
    assert,
  }) => {
    const cases: [TextEntry[], RegExp][] = [
      [
        [RepeatableEntry.make('author').schema([TextEntry.make('email')])],
        /"author" is a belongsTo relationship; a repeatable entry reads a has-many/,
      ],
      [[RepeatableEntry.make('comments')], /declare its entries with schema/],
      [
        [RepeatableEntry.make('comments').schema([TextEntry.make('nothing')])],
        /"nothing" is not a column of Comment/,
      ],
      [
        [RepeatableEntry.make('secretNote').schema([TextEntry.make('x')])],
        /"secretNote" is a hidden attribute of Post/,
      ],
      [
        [RepeatableEntry.make('body').schema([TextEntry.make('a.b')])],
        /names a key of the column's items, not a path/,
      ],
      [
        [
          RepeatableEntry.make('body')
            .schema([TextEntry.make('a')])
            .modifyQuery(() => {}),
        ],
        /modifyQuery\(\) applies to a relationship/,
      ],
      [
        [RepeatableEntry.make('comments').schema([TextEntry.make('body'), TextEntry.make('body')])],
        /entry "body" is declared twice/,
      ],
    ]
    for (const [entries, expected] of cases) {
      const resource = resourceWith(
        { view: ViewRecord.route('/:record') },
        { infolist: (infolist: Infolist) => infolist.schema(entries) }
      )
      const error = refusal(() => new ResourceMount(resource, options()))
      assert.instanceOf(error, KitConfigurationException)
      assert.match(error!.message, expected)
    }
    assert.throws(
      () => RepeatableEntry.make('comments').schema([ImageEntry.make('cover')]),
      /cannot be repeated/
    )
    assert.throws(
      () => RepeatableEntry.make('comments').schema([RepeatableEntry.make('x')]),
      /cannot be repeated/
    )
  })

  test('the default infolist lists visible form fields only', ({ assert }) => {
    const mount = new ResourceMount(resourceWith({ view: ViewRecord.route('/:record') }), options())
    assert.deepEqual(
      mount.infolist!.entries.map(({ entry }) => [entry.name, entry.getLabel()]),
      [
        ['title', 'Title'],
        ['body', 'Body'],
      ]
    )
  })

  test('globally searchable attributes must be visible columns', ({ assert }) => {
    const cases: [string[], RegExp][] = [
      [['secretNote'], /"secretNote" is a hidden attribute of Post/],
      [['nothing'], /"nothing" is not a column of Post/],
      [['author.password'], /hidden attribute of User/],
    ]
    for (const [attributes, expected] of cases) {
      const resource = resourceWith(
        { index: ListRecords.route('/') },
        { globallySearchableAttributes: () => attributes }
      )
      const error = refusal(() => new ResourceMount(resource, options()))
      assert.match(error!.message, /^OpenPostResource\.globallySearchableAttributes\(\)/)
      assert.match(error!.message, expected)
    }
    const mount = new ResourceMount(
      resourceWith(
        { index: ListRecords.route('/') },
        { globallySearchableAttributes: () => ['title', 'author.fullName'] }
      ),
      options()
    )
    assert.deepEqual(
      mount.searchAttributes.map((path) => [path.relationship, path.attribute]),
      [
        [null, 'title'],
        ['author', 'fullName'],
      ]
    )
  })
})

test.group('Pages | sub-navigation refusals when the page renders', () => {
  const pages = {
    index: ListRecords.route('/'),
    create: CreateRecord.route('/create'),
    edit: EditRecord.route('/:record/edit'),
    activity: Activity.route('/:record/activity'),
  }

  test('unknown names, duplicates, the list page and pages without a record', async ({
    assert,
  }) => {
    const record = new Post()
    ;(record as any).$attributes = { id: 7, title: 'Seven' }
    const cases: [string[], RegExp][] = [
      [['edit', 'unknown'], /"unknown" is not a page of getPages\(\)/],
      [['edit', 'edit'], /"edit" is listed twice/],
      [['index', 'edit'], /"index" is the list page/],
      [['create'], /page "create" does not take a record/],
    ]
    for (const [keys, expected] of cases) {
      const mount = new ResourceMount(
        resourceWith(pages, { recordSubNavigation: () => keys }),
        options()
      )
      const error = await asyncRefusal(() =>
        subNavigationFor(mount, mount.pages.get('edit')!, record, { user: { id: 1 } })
      )
      assert.instanceOf(error, KitConfigurationException)
      assert.match(error!.message, /^OpenPostResource\.recordSubNavigation\(\)/)
      assert.match(error!.message, expected)
    }
  })

  test("a page's subNavigation() is checked too", async ({ assert }) => {
    class NarrowingEdit extends EditRecord {
      subNavigation() {
        return ['index']
      }
    }
    const mount = new ResourceMount(
      resourceWith(
        { index: ListRecords.route('/'), edit: NarrowingEdit.route('/:record/edit') },
        { recordSubNavigation: () => ['edit'] }
      ),
      options()
    )
    const record = new Post()
    ;(record as any).$attributes = { id: 7 }
    const error = await asyncRefusal(() =>
      subNavigationFor(mount, mount.pages.get('edit')!, record, { user: { id: 1 } })
    )
    assert.match(error!.message, /getPages\(\)\.edit\.subNavigation\(\): "index" is the list page/)
  })
})

test.group('Pages | breadcrumbs rules', () => {
  function record() {
    const post = new Post()
    ;(post as any).$attributes = { id: 3, title: 'Third' }
    return post
  }

  test('no list step without an index page; no record link without edit or view page', async ({
    assert,
  }) => {
    const mount = new ResourceMount(
      resourceWith({ activity: Activity.route('/:record/activity') }),
      options()
    )
    assert.deepEqual(
      await breadcrumbsFor(mount, mount.pages.get('activity')!, record(), { user: { id: 1 } }),
      [
        { label: 'Third', url: null, current: false },
        { label: 'Activity', url: null, current: true },
      ]
    )
  })

  test('the record step links to the view page when there is no edit page', async ({ assert }) => {
    const mount = new ResourceMount(
      resourceWith({
        index: ListRecords.route('/'),
        view: ViewRecord.route('/:record'),
        activity: Activity.route('/:record/activity'),
      }),
      options()
    )
    assert.deepEqual(
      await breadcrumbsFor(mount, mount.pages.get('activity')!, record(), { user: { id: 1 } }),
      [
        { label: 'Posts', url: '/x/posts', current: false },
        { label: 'Third', url: '/x/posts/3', current: false },
        { label: 'Activity', url: null, current: true },
      ]
    )
  })

  test('parent steps come first and are never current', async ({ assert }) => {
    const mount = new ResourceMount(resourceWith({ index: ListRecords.route('/') }), options())
    const crumbs = await breadcrumbsFor(mount, mount.pages.get('index')!, null, { user: null }, [
      { label: 'Blogs', url: '/x/blogs', current: false },
      { label: 'Main blog', url: '/x/blogs/1/edit', current: true },
    ])
    assert.deepEqual(crumbs, [
      { label: 'Blogs', url: '/x/blogs', current: false },
      { label: 'Main blog', url: '/x/blogs/1/edit', current: false },
      { label: 'Posts', url: '/x/posts', current: false },
      { label: 'List', url: null, current: true },
    ])
  })
})

test.group('Panels | navigation rules', () => {
  test('nested resources and resources without an index page are left out', async ({ assert }) => {
    const mounts: ResourceMount[] = []
    const listed = new ResourceMount(
      resourceWith({ index: ListRecords.route('/') }, { slug: 'listed', navigationSort: 2 }),
      options(mounts)
    )
    const first = new ResourceMount(
      resourceWith({ index: ListRecords.route('/') }, { slug: 'first', navigationSort: 1 }),
      options(mounts)
    )
    const nested = new ResourceMount(
      resourceWith(
        { index: ListRecords.route('/') },
        { slug: 'nested', getParentResourceRegistration: () => ({ parent: 'x' }) }
      ),
      options(mounts)
    )
    const noIndex = new ResourceMount(
      resourceWith({ activity: Activity.route('/:record/activity') }, { slug: 'no-index' }),
      options(mounts)
    )
    mounts.push(listed, first, nested, noIndex)
    const items = await navigationFor(listed, { user: { id: 1 } })
    assert.deepEqual(
      items.map((item) => [item.url, item.active]),
      [
        ['/x/first', false],
        ['/x/listed', true],
      ]
    )
  })
})

test.group('Panels | page defaults', () => {
  test('components per page kind and JSON props are checked when declared', ({ assert }) => {
    const cases: [any, RegExp][] = [
      [{ components: { custom: 'x' } }, /"custom" is not a page kind/],
      [{ components: { list: '' } }, /the list component must be a name/],
      [{ props: { brand: () => 'x' } }, /prop "brand" must be a JSON value/],
      [{ props: { when: new Date() } }, /prop "when" must be a JSON value/],
      [{ props: { n: Number.NaN } }, /prop "n" must be a JSON value/],
      [{ props: [] }, /props must be an object/],
    ]
    for (const [defaults, expected] of cases) {
      assert.throws(() => panel('admin').pageDefaults(defaults), expected)
    }
    const defaults = panel('admin')
      .pageDefaults({ components: { list: 'admin/list' }, props: { brand: 'Acme', nav: [1, 'a'] } })
      .getPageDefaults()
    assert.deepEqual(defaults, {
      components: { list: 'admin/list' },
      props: { brand: 'Acme', nav: [1, 'a'] },
    })
  })
})
