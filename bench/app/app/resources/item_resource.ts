import { CreateRecord, EditRecord, Resource, type Form, type Table } from '../../../../index.ts'
import type { HookContext, MutationData } from '../../../../index.ts'
import Item from '../models/item.ts'
import ItemRules from '../rules/item_rules.ts'
import ListItems from '../pages/list_items.ts'
import { itemForm, itemTable } from './item_columns.ts'
import NotesRelationManager from '../relation_managers/notes_relation_manager.ts'
import LabelsRelationManager from '../relation_managers/labels_relation_manager.ts'

/**
 * The benchmarked resource.
 */
export default class ItemResource extends Resource<typeof Item> {
  model = Item
  slug = 'items'
  softDeletes = true
  policy = () => import('../policies/item_policy.ts')

  getPages() {
    return {
      index: ListItems.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  /* the edit page carries both managers' tables (the `relations` prop) */
  getRelations() {
    return [NotesRelationManager, LabelsRelationManager]
  }

  globallySearchableAttributes() {
    return ['title']
  }

  table(table: Table) {
    return itemTable(table)
  }

  form(form: Form) {
    return itemForm(form)
  }

  validation() {
    return ItemRules
  }

  /* the hooks the hand-written controller reproduces inline */
  async mutateDataBeforeCreate(data: MutationData, _context: HookContext) {
    return { ...data, title: data.title.replace(/\s+/g, ' ') }
  }

  async mutateDataBeforeSave(data: MutationData, _record: Item, _context: HookContext) {
    return data.title === undefined ? data : { ...data, title: data.title.replace(/\s+/g, ' ') }
  }
}
