import { ManageRelatedRecords } from 'adonis-kit'
import TagsRelationManager from '../relation_managers/tags_relation_manager.ts'

/**
 * The tags of a post on a page of their own (`/admin/posts/:record/tags`).
 */
export default class ManagePostTags extends ManageRelatedRecords {
  relationManager = TagsRelationManager
}
