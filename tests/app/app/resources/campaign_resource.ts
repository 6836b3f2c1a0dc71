import {
  Action,
  BulkAction,
  CreateRecord,
  EditRecord,
  Fieldset,
  Grid,
  ListRecords,
  Repeater,
  Resource,
  type ResourceOperation,
  Section,
  Select,
  Step,
  Tab,
  Tabs,
  Textarea,
  TextColumn,
  TextEntry,
  TextInput,
  Toggle,
  ViewRecord,
  Wizard,
  type Form,
  type Infolist,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import type { RulesClass } from '../../../../src/definitions/validation/rules.ts'
import Campaign from '../models/campaign.ts'
import AuditLog from '../models/audit_log.ts'
import CampaignRules, { BudgetRules, RescheduleRules } from '../rules/campaign_rules.ts'
import type User from '../models/user.ts'

const admin = ({ user }: { user: KitUser | null }) => (user as User | null)?.isAdmin === true

/**
 * Campaigns: a wizard form whose steps hold sections, a grid, tabs and a
 * repeater; a row action and a bulk action with forms.
 */
export default class CampaignResource extends Resource<typeof Campaign> {
  model = Campaign

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  recordTitleAttribute() {
    return 'name'
  }

  async canAccess(_operation: ResourceOperation, _record: unknown, user: KitUser | null) {
    return (user as User | null)?.isAdmin === true
  }

  table(table: Table) {
    return table
      .columns([TextColumn.make('name').sortable(), TextColumn.make('status')])
      .actions([
        Action.make('reschedule')
          .authorizeUsing(admin)
          .form([
            Grid.make(2).schema([
              Select.make('status')
                .required()
                .options({ draft: 'Draft', scheduled: 'Scheduled', sent: 'Sent' }),
              Textarea.make('note').required().columnSpan('full'),
            ]),
          ])
          .rules(RescheduleRules)
          .action(async ({ record, data }) => {
            record!.merge({ status: data.status, note: data.note })
            await record!.save()
          }),
      ])
      .bulkActions([
        BulkAction.make('setBudget')
          .authorizeUsing(admin)
          .form([TextInput.make('budget').numeric().required()])
          .rules(BudgetRules)
          .eachRecord(async ({ record, data }) => {
            ;(record as Campaign).budget = data.budget
            await record.save()
          }),
        /* not idempotent, with a hook row per record: a record changed twice shows
           (tests/functional/job_takeover.spec.ts) */
        BulkAction.make('raiseBudget')
          .authorizeUsing(admin)
          .eachRecord(async ({ record, trx }) => {
            const campaign = record as Campaign
            campaign.budget = (campaign.budget ?? 0) + 10
            await campaign.save()
            await AuditLog.create({ event: 'raised', subject: campaign.name }, { client: trx })
          }),
      ])
  }

  form(form: Form) {
    return form.schema([
      Wizard.make().steps([
        Step.make('Details')
          .description('Who and where')
          .schema([
            Section.make('Identity')
              .description('How the campaign is named')
              .collapsible()
              .schema([
                Grid.make(3).schema([
                  TextInput.make('name').required().columnSpan(2),
                  Select.make('channel')
                    .required()
                    .options({ email: 'Email', social: 'Social', print: 'Print' }),
                ]),
              ]),
          ]),
        Step.make('Budget').schema([
          Fieldset.make('Money').schema([TextInput.make('budget').numeric().required()]),
        ]),
        Step.make('Plan').schema([
          Tabs.make().tabs([
            Tab.make('Milestones').schema([
              Repeater.make('milestones').schema([
                TextInput.make('title').required(),
                Toggle.make('done'),
              ]),
            ]),
          ]),
        ]),
      ]),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      Section.make('Campaign').schema([
        Grid.make(2).schema([TextEntry.make('name').columnSpan('full'), TextEntry.make('budget')]),
      ]),
      Tabs.make().tabs([Tab.make('Status').schema([TextEntry.make('status')])]),
    ])
  }

  validation(): RulesClass {
    return CampaignRules
  }
}
