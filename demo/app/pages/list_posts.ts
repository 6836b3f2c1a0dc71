import { ListRecords, PageTab } from 'adonis-kit'

/**
 * The posts list, with tabs.
 */
export default class ListPosts extends ListRecords {
  tabs() {
    return [
      PageTab.make('all').label({ en: 'All', fr: 'Tous' }).default().badge(),
      PageTab.make('drafts')
        .label({ en: 'Drafts', fr: 'Brouillons' })
        .badge()
        .modifyQueryUsing((query) => query.where('posts.status', 'draft')),
      PageTab.make('published')
        .label({ en: 'Published', fr: 'Publiés' })
        .badge()
        .modifyQueryUsing((query) => query.where('posts.status', 'published')),
    ]
  }
}
