import {
  CreateRecord,
  EditRecord,
  Field,
  ListRecords,
  Resource,
  TextColumn,
  TextInput,
  definePlugin,
  translate,
  type Form,
  type HookContext,
  type MutationData,
  type PreparedValue,
  type Table,
} from '../../../../index.ts'
import type { KitContext } from '../../../../src/definitions/types.ts'
import Ticket from '../models/ticket.ts'
import TicketRules from '../rules/ticket_rules.ts'

/**
 * A field a plugin adds: 1 to 5 stars, checked on the server through the
 * field pipeline (the kit-rating package's `Rating`, written against the
 * kit's source so the test app loads one copy of the kit). Its contract
 * reuses the text type: the tests read props, no renderer draws it.
 */
export class Stars extends Field {
  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') return { value: null }
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : Number.NaN
    if (!Number.isInteger(number) || number < 1 || number > 5) {
      return { error: translate('desk.stars.range', { max: 5 }), rule: 'stars' }
    }
    return { value: number }
  }

  toContract() {
    return {
      type: 'text' as const,
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      inputType: 'number' as const,
      maxLength: null,
      placeholder: null,
    }
  }
}

/**
 * The tickets of the plugin's panel, with their priority as stars.
 */
export class DeskTicketResource extends Resource<typeof Ticket> {
  model = Ticket
  slug = 'desk-tickets'
  pluralLabel = 'Desk tickets'
  policy = () => import('../policies/ticket_policy.ts')

  recordTitleAttribute() {
    return 'subject'
  }

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('subject'), TextColumn.make('priority')])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('subject').required(),
      Stars.make('priority').label({ en: 'Priority', fr: 'Priorité' }),
    ])
  }

  validation() {
    return TicketRules
  }

  async mutateDataBeforeCreate(data: MutationData, { user }: HookContext) {
    return { ...data, ownerId: user!.id, status: 'open' }
  }
}

/**
 * The test app's plugin: a resource, a page (admins only) added in
 * `register()`, a navigation link and its words in English and French.
 */
export const deskPlugin = definePlugin({
  name: 'desk',
  locales: ['en', 'fr'],
  translations: {
    en: {
      'desk.stars.range': 'Choose between 1 and {max} stars',
      'desk.summary': 'Summary',
    },
    fr: {
      'desk.stars.range': 'Choisissez entre 1 et {max} étoiles',
      'desk.summary': 'Résumé',
    },
  },
  resources: [DeskTicketResource],
  navigation: [{ label: { en: 'Help', fr: 'Aide' }, url: 'https://example.com/help', sort: 9 }],
  components: { fields: ['text'] },
  register(panel) {
    panel.pages([
      {
        path: 'summary',
        component: 'desk/summary',
        title: { en: 'Summary', fr: 'Résumé' },
        navigation: { icon: 'chart-bar', sort: 8 },
        authorize: ({ user }: KitContext) => user?.isAdmin === true,
        handler: async () => {
          const [row] = await Ticket.query().where('status', 'open').count('* as total')
          return { open: Number(row.$extras.total) }
        },
      },
    ])
  },
})
