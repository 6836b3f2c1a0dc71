import { ListRecords, PageTab } from '../../../../index.ts'

/**
 * The list page of items: two tabs, each with a count badge.
 */
export default class ListItems extends ListRecords {
  tabs() {
    return [
      PageTab.make('all').default().badge(),
      PageTab.make('published')
        .badge()
        .modifyQueryUsing((query) => query.where('status', 'published')),
    ]
  }
}
