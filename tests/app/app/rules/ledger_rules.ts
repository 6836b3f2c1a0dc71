import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class LedgerRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(100),
      tally: vine.number().withoutDecimals().min(0),
      notes: vine.string().maxLength(20_000).nullable().optional(),
      keywords: vine.array(vine.string().maxLength(20)).maxLength(10).optional(),
      dueOn: vine
        .date({ formats: ['YYYY-MM-DD'] })
        .nullable()
        .optional(),
      genres: vine.array(vine.number().withoutDecimals().positive()).maxLength(50).optional(),
    }
  }
}
