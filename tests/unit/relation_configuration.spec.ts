import { test } from '@japa/runner'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import type { Table } from '../../src/definitions/table/table.ts'
import type { Form } from '../../src/definitions/form/form.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import { BulkAction, DeleteBulkAction } from '../../src/definitions/table/actions/bulk_action.ts'
import { KitConfigurationException, KitUrlException } from '../../src/support/errors.ts'
import { relationBaseUrl } from '../../src/runtime/relations/relation_serializer.ts'
import { RelationManager } from '../../src/definitions/relations/relation_manager.ts'
import { RelationGroup } from '../../src/definitions/relations/relation_group.ts'
import { ResourceOperation as RelationOperation } from '../../src/definitions/resource/operation.ts'
import { Post, User } from '../helpers.ts'
import { OPERATION_LENGTH } from '../../src/runtime/audit/audit_writer.ts'
import PostRules from '../app/app/rules/post_rules.ts'
import { LabelAttachRules, LabelRules, CommentRules } from '../app/app/rules/relation_rules.ts'
import LabelsRelationManager from '../app/app/relation_managers/labels_relation_manager.ts'
import CommentsRelationManager from '../app/app/relation_managers/comments_relation_manager.ts'
import RevisionsRelationManager from '../app/app/relation_managers/revisions_relation_manager.ts'
import SummaryRelationManager from '../app/app/relation_managers/summary_relation_manager.ts'

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

/**
 * Mount a posts resource with the given relations; return the refusal.
 */
function refusal(relations: any[]) {
  class PostsResource extends Resource<typeof Post> {
    model = Post
    validation() {
      return PostRules
    }
    getRelations() {
      return relations
    }
  }
  try {
    new ResourceMount(new PostsResource(), mountOptions())
    return undefined
  } catch (error) {
    if (!(error instanceof KitConfigurationException)) throw error
    return error.message
  }
}

class BaseLabels extends RelationManager<typeof Post> {
  relationship = 'labels'
  pivotAttributes = ['role', 'position']
  table(table: Table) {
    return table.columns([TextColumn.make('name')])
  }
}

test.group('Relation managers | configuration refused at boot', () => {
  test('a valid configuration mounts, with every kind', ({ assert }) => {
    assert.isUndefined(
      refusal([
        SummaryRelationManager,
        RelationGroup.make('Content', [CommentsRelationManager, LabelsRelationManager]),
        RevisionsRelationManager,
      ])
    )
  })

  test('the relationship must exist and be of a supported kind', ({ assert }) => {
    class Missing extends RelationManager<typeof Post> {
      relationship = 'reviews'
    }
    class BelongsTo extends RelationManager<typeof Post> {
      relationship = 'author'
    }
    assert.match(
      refusal([Missing])!,
      /Missing: relationship "reviews" is not a relationship of Post/
    )
    assert.match(
      refusal([BelongsTo])!,
      /BelongsTo: relationship "author" is a belongsTo relationship; relation managers support hasOne, hasMany, manyToMany/
    )
    assert.match(refusal([Post])!, /entries must be RelationManager classes/)
  })

  test('an action name longer than the audit column is refused, naming the manager', ({
    assert,
  }) => {
    const long = `a${'b'.repeat(OPERATION_LENGTH)}`
    class LongAction extends BaseLabels {
      table(table: Table) {
        return super.table(table).bulkActions([BulkAction.make(long).eachRecord(() => null)])
      }
    }
    assert.match(refusal([LongAction])!, new RegExp(`LongAction: table\\(\\): action "${long}"`))
  })

  test('mutation forms need a validation class', ({ assert }) => {
    class NoRules extends BaseLabels {
      form(form: Form) {
        return form.schema([TextInput.make('name')])
      }
    }
    assert.match(
      refusal([NoRules])!,
      /NoRules: validation\(\) must return a Rules class, because the manager has form fields/
    )
  })

  test('form fields must be columns of the related model or declared pivot attributes', ({
    assert,
  }) => {
    class Sneaky extends BaseLabels {
      form(form: Form) {
        return form.schema([TextInput.make('note')])
      }
      validation() {
        return LabelRules
      }
    }
    class ForeignKey extends RelationManager<typeof Post> {
      relationship = 'comments'
      form(form: Form) {
        return form.schema([TextInput.make('postId')])
      }
      validation() {
        return CommentRules
      }
    }
    assert.match(
      refusal([Sneaky])!,
      /form\(\): field "note" is not a column of Label nor a declared pivot attribute/
    )
    assert.match(refusal([ForeignKey])!, /field "postId" is the relationship's foreign key/)
  })

  test('an attach-form field that is not a declared pivot column fails configuration', ({
    assert,
  }) => {
    class UndeclaredPivot extends BaseLabels {
      attachForm(form: Form) {
        return form.schema([TextInput.make('role'), TextInput.make('note')])
      }
      attachValidation() {
        return LabelAttachRules
      }
    }
    class NoAttachRules extends BaseLabels {
      attachForm(form: Form) {
        return form.schema([TextInput.make('role')])
      }
    }
    assert.match(
      refusal([UndeclaredPivot])!,
      /attachForm\(\): field "note" is not a declared pivot column \(pivotAttributes: role, position\)/
    )
    assert.match(refusal([NoAttachRules])!, /attachValidation\(\) must return a Rules class/)
  })

  test('pivot attributes: many-to-many only, never the pivot keys', ({ assert }) => {
    class PivotOnHasMany extends RelationManager<typeof Post> {
      relationship = 'comments'
      pivotAttributes = ['role']
    }
    class PivotKey extends BaseLabels {
      pivotAttributes = ['post_id']
    }
    assert.match(refusal([PivotOnHasMany])!, /pivotAttributes apply to manyToMany relationships/)
    assert.match(refusal([PivotKey])!, /pivot attribute "post_id" is a key of the pivot table/)
  })

  test('a non-nullable foreign key with dissociation enabled is refused', ({ assert }) => {
    class DissociateRevisions extends RelationManager<typeof Post> {
      relationship = 'revisions'
      recordTitleAttribute = 'note'
      dissociates = true
    }
    assert.match(
      refusal([DissociateRevisions])!,
      /dissociates is enabled but the foreign key "postId" of Revision is not declared nullable/
    )
  })

  test('associate and dissociate apply to has-many only', ({ assert }) => {
    class AssociateLabels extends BaseLabels {
      associates = true
    }
    assert.match(
      refusal([AssociateLabels])!,
      /associate and dissociate apply to hasMany relationships; "labels" is manyToMany/
    )
  })

  test('columns, chooser and title read real, visible columns of the related model', ({
    assert,
  }) => {
    class BadColumn extends BaseLabels {
      table(table: Table) {
        return table.columns([TextColumn.make('secret')])
      }
    }
    class SortablePivot extends BaseLabels {
      table(table: Table) {
        return table.columns([TextColumn.make('role').sortable()])
      }
    }
    class BadChooser extends BaseLabels {
      getAttachRecordSelect() {
        return { label: 'x', searchColumns: ['nope'], titleAttribute: 'name' }
      }
    }
    class BadTitle extends BaseLabels {
      recordTitleAttribute = 'missing'
    }
    assert.match(
      refusal([BadColumn])!,
      /column "secret" is not a column of Label nor a declared pivot attribute/
    )
    assert.match(
      refusal([SortablePivot])!,
      /column "role" is a pivot column and cannot be sortable/
    )
    assert.match(
      refusal([BadChooser])!,
      /getAttachRecordSelect\(\): "nope" is not a column of Label/
    )
    assert.match(refusal([BadTitle])!, /recordTitleAttribute "missing" is not a column of Label/)
  })

  test('soft deletes need the deletion-time column on the related model', ({ assert }) => {
    class SoftLabels extends BaseLabels {
      softDeletes = true
    }
    assert.match(refusal([SoftLabels])!, /softDeletes needs "deletedAt"/)
  })

  test('bulk actions of a manager are BulkActions with eachRecord()', ({ assert }) => {
    class ResourceBulk extends BaseLabels {
      table(table: Table) {
        return table.bulkActions([DeleteBulkAction.make()])
      }
    }
    class Twice extends BaseLabels {
      table(table: Table) {
        return table.bulkActions([
          BulkAction.make('tidy').eachRecord(() => {}),
          BulkAction.make('tidy').eachRecord(() => {}),
        ])
      }
    }
    assert.match(
      refusal([ResourceBulk])!,
      /bulkActions\(\): action "delete" must be a BulkAction with an eachRecord/
    )
    assert.match(refusal([Twice])!, /bulkActions\(\): action "tidy" is declared twice/)
  })

  test('manager names and group ids are unique; defaultRelation names a member', ({ assert }) => {
    class OtherLabels extends BaseLabels {}
    assert.match(
      refusal([BaseLabels, RelationGroup.make('More', [OtherLabels])])!,
      /relation manager name "labels" is used twice \(BaseLabels and OtherLabels\)/
    )
    assert.match(
      refusal([
        RelationGroup.make('One', [SummaryRelationManager]).id('same'),
        RelationGroup.make('Two', [RevisionsRelationManager]).id('same'),
      ])!,
      /relation group id "same" is used twice/
    )
    assert.match(
      refusal([RelationGroup.make('One', [SummaryRelationManager]).defaultRelation('labels')])!,
      /relation group "one" has defaultRelation "labels", which is not one of its managers/
    )
    assert.throws(() => RelationGroup.make('', [SummaryRelationManager]), /non-empty title/)
    assert.throws(() => RelationGroup.make('Empty', []), /non-empty list/)
    assert.throws(() => RelationGroup.make('Bad', [SummaryRelationManager]).id('1 bad'), /id/)
  })

  test('grouping changes no URL', ({ assert }) => {
    class PostsResource extends Resource<typeof Post> {
      model = Post
      validation() {
        return PostRules
      }
      getRelations() {
        return [RelationGroup.make('All', [LabelsRelationManager, CommentsRelationManager])]
      }
    }
    class FlatResource extends Resource<typeof Post> {
      model = Post
      validation() {
        return PostRules
      }
      getRelations() {
        return [LabelsRelationManager, CommentsRelationManager]
      }
    }
    const grouped = new ResourceMount(new PostsResource(), mountOptions())
    const flat = new ResourceMount(new FlatResource(), mountOptions())
    assert.deepEqual([...grouped.relations.byName.keys()], [...flat.relations.byName.keys()])
    assert.equal(grouped.relations.byName.get('labels')!.group!.getId(), 'all')
    assert.isNull(flat.relations.byName.get('labels')!.group)
  })
})

test.group('Relation managers | URLs', () => {
  test('the URL of a relation refuses an owner it cannot name', ({ assert }) => {
    class PostsResource extends Resource<typeof Post> {
      model = Post
      validation() {
        return PostRules
      }
      getRelations() {
        return [LabelsRelationManager]
      }
    }
    const mount = new ResourceMount(new PostsResource(), mountOptions())
    const labels = mount.relations.byName.get('labels')!
    const saved = new Post()
    saved.id = 4
    assert.equal(relationBaseUrl(labels, saved), '/x/posts/4/relations/labels')
    assert.equal(relationBaseUrl(labels, '4'), '/x/posts/4/relations/labels')

    for (const owner of [new Post(), '', 'undefined']) {
      assert.throws(
        () => relationBaseUrl(labels, owner),
        KitUrlException,
        /PostsResource: cannot build the URL of relation "labels": the Post (record is not saved|key is empty|key "undefined" is not a valid integer key)/
      )
    }
  })
})

test.group('Relation managers | operations and defaults', () => {
  test('relation operations map to their policy abilities', ({ assert }) => {
    assert.deepEqual(
      RelationOperation.forRelations().map((operation) => [
        operation.name,
        operation.policyAbility(),
      ]),
      [
        ['viewAny', 'viewAny'],
        ['create', 'create'],
        ['attach', 'attach'],
        ['associate', 'associate'],
        ['edit', 'update'],
        ['delete', 'delete'],
        ['deleteAny', 'deleteAny'],
        ['restore', 'restore'],
        ['restoreAny', 'restoreAny'],
        ['forceDelete', 'forceDelete'],
        ['forceDeleteAny', 'forceDeleteAny'],
        ['detach', 'detach'],
        ['dissociate', 'dissociate'],
      ]
    )
    assert.equal(RelationOperation.from('detach'), RelationOperation.Detach)
    assert.isUndefined(RelationOperation.from('sync'))
  })

  test('canAccess is fail-closed by default', async ({ assert }) => {
    const manager = new BaseLabels()
    const admin = new User()
    admin.isAdmin = true
    for (const operation of RelationOperation.forRelations()) {
      assert.isFalse(await manager.canAccess(operation, null, admin))
    }
  })
})
