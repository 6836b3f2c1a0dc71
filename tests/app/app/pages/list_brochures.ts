import { Action, ListRecords } from '../../../../index.ts'
import Brochure from '../models/brochure.ts'
import {
  BrochureActionRules,
  brochureActionForm,
  brochureChanges,
  sawActionData,
} from '../action_forms.ts'

/**
 * The brochures list: a header action whose form goes through the field
 * pipeline (it creates an announcement brochure from its data).
 */
export default class ListBrochures extends ListRecords {
  headerActions() {
    return [
      Action.make('announce')
        .authorizeUsing(({ user }) => user?.isAdmin === true)
        .form(brochureActionForm())
        .rules(BrochureActionRules)
        .action(async ({ data, trx }) => {
          sawActionData('announce', data)
          await Brochure.create(
            { ...brochureChanges(data), title: data.title ?? 'Announcement' },
            { client: trx }
          )
        }),
    ]
  }
}
