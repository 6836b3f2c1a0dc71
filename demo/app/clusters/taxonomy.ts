import { Cluster } from 'adonis-kit'

/**
 * The taxonomy cluster: tags and reviews as one navigation item, with their
 * own sub-navigation on their pages.
 */
export const taxonomy = new Cluster({
  label: { en: 'Taxonomy', fr: 'Taxonomie' },
  icon: 'heroicon-o-rectangle-stack',
})
