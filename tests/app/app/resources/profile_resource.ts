import {
  Checkbox,
  CheckboxList,
  ColorPicker,
  CreateRecord,
  EditRecord,
  KeyValue,
  ListRecords,
  Password,
  Radio,
  Resource,
  TagsInput,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from '../../../../index.ts'
import type { RulesClass } from '../../../../src/definitions/validation/rules.ts'
import Profile from '../models/profile.ts'
import ProfileRules from '../rules/profile_rules.ts'

/**
 * Profiles: every choice, list, JSON, color and password field, and the
 * affordances (read-only, disabled, hidden, conditional fields).
 */
export default class ProfileResource extends Resource<typeof Profile> {
  model = Profile

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  async canAccess() {
    return true
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name'), TextColumn.make('plan')])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required().placeholder('Ada Lovelace').hint('Shown publicly'),
      Checkbox.make('isPublic').helperText('Listed in the directory'),
      CheckboxList.make('channels').options({
        email: { en: 'Email', fr: 'E-mail' },
        sms: 'SMS',
        push: { en: 'Push', fr: 'Notification' },
      }),
      Radio.make('plan')
        .options({
          free: { en: 'Free', fr: 'Gratuit' },
          team: { en: 'Team', fr: 'Équipe' },
          business: { en: 'Business', fr: 'Entreprise' },
        })
        .default('free'),
      TextInput.make('company')
        .visibleWhen('plan', ['team', 'business'])
        .requiredWhen('plan', 'business'),
      TagsInput.make('tags').maxItems(5).maxLength(20),
      KeyValue.make('settings'),
      ColorPicker.make('color').default('#4f46e5'),
      Password.make('password').required().confirmed().revealable(),
      TextInput.make('lockedNote').readOnly(),
      TextInput.make('internalCode').hidden(),
      TextInput.make('archivedReason').disabled(),
    ])
  }

  validation(): RulesClass {
    return ProfileRules
  }
}

/**
 * The same profiles in French (mounted at /fr-profiles with the fr-FR
 * locale): the fields' own messages speak it.
 */
export class FrenchProfileResource extends ProfileResource {}
