import {
  Action,
  BulkAction,
  CreateRecord,
  EditRecord,
  Resource,
  SelectFilter,
  Select,
  TextColumn,
  TextInput,
  type Form,
  type HookContext,
  type Table,
} from '../../../../index.ts'
import Article from '../models/article.ts'
import AuditLog from '../models/audit_log.ts'
import ArticleRules, { PublishRules } from '../rules/article_rules.ts'
import ListArticles from '../pages/list_articles.ts'
import { maybeFail } from '../hook_faults.ts'

/**
 * Articles use the soft-delete preset, row actions, header actions and bulk
 * actions.
 */
export default class ArticleResource extends Resource<typeof Article> {
  model = Article
  softDeletes = true
  policy = () => import('../policies/article_policy.ts')

  getPages() {
    return {
      index: ListArticles.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return (
      table
        .columns([TextColumn.make('title').searchable().sortable(), TextColumn.make('status')])
        .filters([SelectFilter.make('status').options({ draft: 'Draft', published: 'Published' })])
        .actions([
          Action.make('publish')
            .color('green')
            .requiresConfirmation()
            .validation(PublishRules)
            .authorizeUsing(({ user, record }) => {
              return user?.isAdmin === true || (record as Article | null)?.ownerId === user?.id
            })
            .action(async ({ record, data, trx }) => {
              const article = record as Article
              article.status = 'published'
              await article.save()
              await AuditLog.create(
                {
                  event: 'published',
                  subject: `${article.title}${data.note ? `: ${data.note}` : ''}`,
                },
                { client: trx }
              )
              maybeFail('publish')
              return `Published ${article.title}`
            }),
          Action.make('preview').url('/preview/{id}').method('get'),
          /* hosted, without authorizeUsing: fail-closed, never runs */
          Action.make('archive').action(async ({ record }) => {
            const article = record as Article
            article.status = 'archived'
            await article.save()
          }),
        ])
        /* the soft-delete preset adds delete, restore and forceDelete */
        .bulkActions([
          BulkAction.make('markDraft')
            .authorizeUsing(({ user, record }) => (record as Article | null)?.ownerId === user?.id)
            .eachRecord(async ({ record }) => {
              const article = record as Article
              article.status = 'draft'
              await article.save()
            }),
        ])
    )
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').required(),
      Select.make('status').required().options({ draft: 'Draft', published: 'Published' }),
    ])
  }

  validation() {
    return ArticleRules
  }

  async mutateDataBeforeCreate(data: Record<string, any>, context: HookContext) {
    return { ...data, ownerId: context.user!.id }
  }

  async afterRestore(article: Article, context: HookContext) {
    await AuditLog.create({ event: 'restored', subject: article.title }, { client: context.trx })
    maybeFail('afterRestore')
  }

  async afterForceDelete(article: Article, context: HookContext) {
    await AuditLog.create(
      { event: 'forceDeleted', subject: article.title },
      { client: context.trx }
    )
    maybeFail('afterForceDelete')
  }
}
