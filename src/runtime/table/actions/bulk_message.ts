import type { BulkActionResult, RecordWords } from '../../../contracts/main.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'

/**
 * The toast of a bulk action, as a sentence in the request's language:
 * "2 posts deleted.", « 2 étiquettes supprimées. », with the refused
 * records counted only when there are some ("2 posts deleted. 1 refused.").
 */
export function bulkMessage(
  t: KitTranslator,
  result: BulkActionResult,
  words: RecordWords
): string {
  const own = `message.bulk.${result.action}`
  const key = t.template(own) === undefined ? 'message.bulk' : own
  const done = t.t(key, { ...words, count: result.affected })
  return result.refused > 0
    ? `${done} ${t.t('message.bulk.refused', { count: result.refused })}`
    : done
}
