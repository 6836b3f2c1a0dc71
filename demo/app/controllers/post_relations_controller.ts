import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import Post from '../models/post.ts'
import Tag from '../models/tag.ts'
import Comment from '../models/comment.ts'

const attachValidator = vine.create({ record: vine.number().positive().withoutDecimals() })
const commentValidator = vine.create({
  authorName: vine.string().trim().minLength(2).maxLength(255),
  body: vine.string().trim().minLength(2).maxLength(5000),
})

/**
 * Attach and detach tags, add comments: the endpoints of the demo's relation
 * managers stand-in (app/relations_preview.ts).
 */
export default class PostRelationsController {
  async #post(ctx: HttpContext) {
    const key = Number(ctx.params.post)
    const post =
      Number.isInteger(key) && key > 0
        ? await Post.query().whereNull('deleted_at').where('id', key).first()
        : null
    if (!post) return ctx.response.notFound({ message: 'Post not found' })
    return post
  }

  async attachTag(ctx: HttpContext) {
    const post = await this.#post(ctx)
    if (!(post instanceof Post)) return
    const { record } = await ctx.request.validateUsing(attachValidator)
    const tag = await Tag.find(record)
    if (!tag) {
      ctx.session.flash('inputErrorsBag', { record: ['This tag does not exist.'] })
      return ctx.response.redirect().withQs().back()
    }
    await post.related('tags').sync([tag.id], false)
    ctx.session.flash('success', `Tag “${tag.name}” attached`)
    return ctx.response.redirect().withQs().back()
  }

  async detachTag(ctx: HttpContext) {
    const post = await this.#post(ctx)
    if (!(post instanceof Post)) return
    const key = Number(ctx.params.tag)
    if (!Number.isInteger(key) || key < 1)
      return ctx.response.notFound({ message: 'Tag not found' })
    await post.related('tags').detach([key])
    ctx.session.flash('success', 'Tag detached')
    return ctx.response.redirect().withQs().back()
  }

  async storeComment(ctx: HttpContext) {
    const post = await this.#post(ctx)
    if (!(post instanceof Post)) return
    const data = await ctx.request.validateUsing(commentValidator)
    await Comment.create({ ...data, postId: post.id })
    ctx.session.flash('success', 'Comment added')
    return ctx.response.redirect().withQs().back()
  }
}
