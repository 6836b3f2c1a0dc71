import { ListRecords, PageTab } from '../../../../index.ts'

/**
 * The posts list, with tabs.
 */
export default class ListPosts extends ListRecords {
  component = 'posts/list'

  tabs() {
    return [
      PageTab.make('all').label('All posts').default().badge(),
      PageTab.make('drafts')
        .badge()
        .modifyQueryUsing((query) => query.where('posts.status', 'draft')),
      PageTab.make('published').modifyQueryUsing((query) =>
        query.where('posts.status', 'published')
      ),
    ]
  }
}
