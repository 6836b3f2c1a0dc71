import { ListRecords, PageTab } from 'adonis-kit'

/**
 * The posts list, with tabs.
 */
export default class ListPosts extends ListRecords {
  tabs() {
    return [
      PageTab.make('all').label('All').default().badge(),
      PageTab.make('drafts')
        .badge()
        .modifyQueryUsing((query) => query.where('posts.status', 'draft')),
      PageTab.make('published')
        .badge()
        .modifyQueryUsing((query) => query.where('posts.status', 'published')),
    ]
  }
}
