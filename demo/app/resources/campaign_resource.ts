import {
  Action,
  BulkAction,
  CreateRecord,
  EditRecord,
  Fieldset,
  Grid,
  ListRecords,
  NumberConstraint,
  QueryBuilderFilter,
  SelectFilter,
  Repeater,
  Resource,
  Section,
  Select,
  SelectConstraint,
  Step,
  Tab,
  Tabs,
  Textarea,
  TextColumn,
  TextConstraint,
  TextEntry,
  IconEntry,
  RepeatableEntry,
  TextInput,
  Toggle,
  ReplicateAction,
  ViewRecord,
  Wizard,
  type Form,
  type RedirectTarget,
  type Infolist,
  type Table,
} from 'adonis-kit'
import Campaign from '../models/campaign.ts'
import CampaignRules, { BudgetRules, RescheduleRules } from '../rules/campaign_rules.ts'

const CHANNELS = { email: 'Email', social: 'Social', print: 'Print' }
const STATUSES = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  scheduled: { en: 'Scheduled', fr: 'Planifiée' },
  sent: { en: 'Sent', fr: 'Envoyée' },
}

/**
 * Campaigns: a table people reorder by priority, with a multiple select
 * filter and an advanced (query builder) filter and budget summaries; a create wizard (sections, a grid, a fieldset, tabs and a
 * milestones repeater), a view page laid out in sections and tabs, a row
 * action and a bulk action that ask for data in a modal.
 */
/**
 * Replicate a campaign under a new name: its channel, budget and milestones
 * are copied, the copy starts as a draft.
 */
function replicateCampaign() {
  return ReplicateAction.make()
    .form([
      TextInput.make('name')
        .label({ en: 'Name of the copy', fr: 'Nom de la copie' })
        .required()
        .maxLength(100),
    ])
    .beforeReplicaSaved((data) => ({ ...data, status: 'draft', note: null }))
}

/**
 * The edit page offers the replicate action in its header too.
 */
class EditCampaign extends EditRecord {
  headerActions(): Action[] {
    return [...super.headerActions(), replicateCampaign()]
  }
}

/**
 * A new campaign opens on its view page (the kit's default is its edit
 * page).
 */
class CreateCampaign extends CreateRecord {
  redirectAfterCreate(): RedirectTarget {
    return 'view'
  }
}

export default class CampaignResource extends Resource<typeof Campaign> {
  model = Campaign
  navigationIcon = 'heroicon-o-megaphone'
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateCampaign.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditCampaign.route('/:record/edit'),
    }
  }

  recordTitleAttribute() {
    return 'name'
  }

  table(table: Table) {
    return (
      table
        .columns([
          TextColumn.make('name').searchable().sortable(),
          TextColumn.make('channel'),
          TextColumn.make('budget').money('USD').sortable().summarize('sum').summarize('average'),
          TextColumn.make('status'),
        ])
        /* people set the priority order: drag a row, or move it up or down */
        .reorderable('position')
        .filters([
          SelectFilter.make('channel').multiple().options(CHANNELS),
          QueryBuilderFilter.make('advanced')
            .label('Advanced')
            .constraints([
              TextConstraint.make('name'),
              NumberConstraint.make('budget'),
              SelectConstraint.make('channel').options(CHANNELS),
              SelectConstraint.make('status').options(STATUSES),
            ]),
        ])
        .actions([
          replicateCampaign(),
          Action.make('reschedule')
            .authorizeUsing(({ user }) => user !== null)
            .form([
              Grid.make(2).schema([
                Select.make('status').required().options(STATUSES),
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
            .label('Set budget')
            .authorizeUsing(({ user }) => user !== null)
            .form([TextInput.make('budget').numeric().required()])
            .rules(BudgetRules)
            .eachRecord(async ({ record, data }) => {
              ;(record as Campaign).budget = data.budget
              await record.save()
            }),
        ])
    )
  }

  form(form: Form) {
    return form.schema([
      Wizard.make().steps([
        Step.make('Details')
          .description('What the campaign is and where it runs')
          .schema([
            Section.make('Identity')
              .description('How the campaign is named')
              .collapsible()
              .schema([
                Grid.make(3).schema([
                  TextInput.make('name').required().maxLength(100).columnSpan(2),
                  Select.make('channel').required().options(CHANNELS),
                ]),
              ]),
          ]),
        Step.make('Budget').schema([
          Fieldset.make('Money').schema([TextInput.make('budget').numeric().required()]),
        ]),
        Step.make('Plan').schema([
          Tabs.make().tabs([
            Tab.make('Milestones').schema([
              Repeater.make('milestones')
                .schema([TextInput.make('title').required(), Toggle.make('done')])
                .maxItems(10),
            ]),
          ]),
        ]),
      ]),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      Section.make('Campaign').schema([
        Grid.make(3).schema([
          TextEntry.make('name'),
          TextEntry.make('channel'),
          TextEntry.make('budget'),
        ]),
      ]),
      Tabs.make().tabs([
        Tab.make('Status').schema([
          TextEntry.make('status')
            .badge()
            .color({ draft: 'gray', scheduled: 'warning', sent: 'success' }),
          TextEntry.make('note'),
        ]),
        Tab.make('Plan').schema([
          RepeatableEntry.make('milestones').schema([
            TextEntry.make('title'),
            IconEntry.make('done'),
          ]),
        ]),
      ]),
    ])
  }

  validation() {
    return CampaignRules
  }
}
