import {
  Action,
  BulkAction,
  FileUpload,
  RelationManager,
  RichEditor,
  Select,
  TextColumn,
  TextInput,
  type Form,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type Brochure from '../models/brochure.ts'
import type BrochurePage from '../models/brochure_page.ts'
import BrochurePageRules from '../rules/brochure_page_rules.ts'
import { BrochurePageActionRules, sawActionData } from '../action_forms.ts'

/**
 * The pages of a brochure: an upload, rich text and every field affordance
 * in a relation manager's form; soft deletes (delete, restore and force
 * delete, one by one and in bulk). A page captioned "explode" makes the
 * force-delete hook throw (the transaction rolls back). Admins only.
 */
export default class BrochurePagesRelationManager extends RelationManager<typeof Brochure> {
  relationship = 'pages'
  recordTitleAttribute = 'caption'
  softDeletes = true

  table(table: Table) {
    const summaryForm = () => [RichEditor.make('summary'), TextInput.make('caption').readOnly()]
    const admin = ({ user }: { user: KitUser | null }) => user?.isAdmin === true
    /* writes what the form's data holds (never a caption the pipeline dropped) */
    const summarize =
      (name: string) =>
      async ({ record, data }: { record: LucidRow | null; data: Record<string, any> }) => {
        sawActionData(name, data)
        const changes: Record<string, unknown> = { summary: data.summary }
        if (data.caption !== undefined) changes.caption = data.caption
        await record!.merge(changes).save()
      }
    return table
      .columns([TextColumn.make('caption'), TextColumn.make('status')])
      .actions([
        Action.make('annotate')
          .authorizeUsing(admin)
          .form(summaryForm())
          .rules(BrochurePageActionRules)
          .action(summarize('annotate')),
      ])
      .bulkActions([
        BulkAction.make('summarize')
          .authorizeUsing(admin)
          .form(summaryForm())
          .rules(BrochurePageActionRules)
          .eachRecord(summarize('summarize')),
      ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('caption')
        .required()
        .helperText('Shown under the page')
        .hint('Short')
        .placeholder('A caption'),
      FileUpload.make('attachment').directory('pages').acceptedTypes(['image/png']),
      RichEditor.make('summary'),
      Select.make('status').options({ draft: 'Draft', published: 'Published' }).default('draft'),
      TextInput.make('reviewer')
        .visibleWhen('status', 'published')
        .requiredWhen('status', 'published'),
      TextInput.make('internalCode').readOnly(),
      TextInput.make('legacyRef').hidden(),
    ])
  }

  validation() {
    return BrochurePageRules
  }

  async canAccess(_operation: unknown, _record: unknown, user: KitUser | null) {
    return user?.isAdmin === true
  }

  async beforeForceDelete(page: BrochurePage) {
    if (page.caption === 'explode') {
      throw new Error('The force-delete hook refused this page')
    }
  }
}
