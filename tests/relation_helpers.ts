import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import PostSummary from './app/app/models/post_summary.ts'
import Comment from './app/app/models/comment.ts'
import Revision from './app/app/models/revision.ts'
import Label from './app/app/models/label.ts'
import { relationGrants, grant } from './app/app/relation_grants.ts'
import { hookFaults } from './app/app/hook_faults.ts'
import type { Post } from './helpers.ts'

export { PostSummary, Comment, Revision, Label, grant }

/**
 * Forget the relation grants and hook faults after each test.
 */
export function withRelationFixtures(group: Group) {
  group.each.teardown(() => {
    relationGrants.clear()
    hookFaults.clear()
  })
}

let sequence = 0

export function createComment(post: Post | null, attributes: Partial<Comment> = {}) {
  sequence++
  return Comment.create({
    postId: post?.id ?? null,
    body: `Comment ${sequence}`,
    visibility: 'public',
    deletedAt: null,
    ...attributes,
  })
}

export function createRevision(post: Post, attributes: Partial<Revision> = {}) {
  sequence++
  return Revision.create({ postId: post.id, note: `Revision ${sequence}`, ...attributes })
}

export function createSummary(post: Post, attributes: Partial<PostSummary> = {}) {
  sequence++
  return PostSummary.create({ postId: post.id, text: `Summary ${sequence}`, ...attributes })
}

export function createLabel(attributes: Partial<Label> = {}) {
  sequence++
  return Label.create({ name: `Label ${sequence}`, scope: 'public', ...attributes })
}

/**
 * Attach a label to a post with pivot values.
 */
export async function attachLabel(
  post: Post,
  label: Label,
  pivot: { role?: string | null; position?: number; note?: string | null } = {}
) {
  await db.table('post_labels').insert({
    post_id: post.id,
    label_id: label.id,
    role: pivot.role ?? null,
    position: pivot.position ?? 0,
    note: pivot.note ?? null,
  })
}

/**
 * Every row of the relation tables (related and pivot), to assert that a
 * refused request changed nothing.
 */
export async function relationSnapshot() {
  const tables = ['post_summaries', 'comments', 'revisions', 'labels', 'post_labels', 'audit_logs']
  const result: Record<string, unknown[]> = {}
  for (const table of tables) {
    const rows = await db.from(table).orderBy('id')
    result[table] = rows.map((row: Record<string, unknown>) => normalize(row))
  }
  return result
}

/**
 * Rows of the pivot table of posts and labels.
 */
export async function pivotRows() {
  const rows = await db
    .from('post_labels')
    .select('post_id', 'label_id', 'role', 'position', 'note')
    .orderBy('id')
  return rows.map((row: Record<string, unknown>) => normalize(row))
}

function normalize(row: Record<string, unknown>) {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    out[key] =
      value instanceof Date
        ? value.toISOString()
        : typeof value === 'bigint'
          ? Number(value)
          : value
  }
  return out
}
