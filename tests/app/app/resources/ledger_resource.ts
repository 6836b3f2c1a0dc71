import vine from '@vinejs/vine'
import {
  Action,
  DatePicker,
  Resource,
  Select,
  TagsInput,
  TextColumn,
  TextInput,
  TextInputColumn,
  Textarea,
  Rules,
  type Form,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Ledger from '../models/ledger.ts'
import LedgerRules from '../rules/ledger_rules.ts'

/**
 * Runs of the ledgers' "bump" row action (the tests read what ran).
 */
export const ledgerBumps: number[] = []

/**
 * Data of the "bump" row action.
 */
class BumpRules extends Rules {
  rules() {
    return { by: vine.number().withoutDecimals().min(1).max(10) }
  }
}

/**
 * Ledgers: optimistic locking with the default version (a digest of the
 * stored row; `updated_at` keeps whole seconds on SQLite and MariaDB). A
 * tally and notes, a JSON list, a date and a many-to-many select in the
 * form; an editable title and a "bump" row action (with data) in the
 * table. Admins only.
 */
export default class LedgerResource extends Resource<typeof Ledger> {
  model = Ledger

  async canAccess(_operation: unknown, _record: Ledger | null, user: KitUser | null) {
    return user?.isAdmin === true
  }

  table(table: Table) {
    return table.columns([TextInputColumn.make('title'), TextColumn.make('tally')]).actions([
      /* a row action that writes: it runs on the row as it was drawn */
      Action.make('bump')
        .validation(BumpRules)
        .authorizeUsing(({ user }) => user?.isAdmin === true)
        .action(async ({ record, data }) => {
          const ledger = record as Ledger
          ledgerBumps.push(ledger.id)
          await ledger.merge({ tally: ledger.tally + data.by }).save()
          return `Bumped ${ledger.title}`
        }),
    ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').required(),
      TextInput.make('tally').numeric().required(),
      Textarea.make('notes'),
      TagsInput.make('keywords'),
      DatePicker.make('dueOn'),
      Select.make('genres').relationship('genres', 'name').preload(),
    ])
  }

  validation() {
    return LedgerRules
  }
}

/**
 * Ledgers for API clients that cannot send a version: they opt out of the
 * version requirement explicitly.
 */
export class ApiLedgerResource extends LedgerResource {
  slug = 'api-ledgers'
  acceptUnversionedWrites = true
}

/**
 * Ledgers versioned by their `updatedAt` timestamp: the boot check warns
 * where the connection keeps whole seconds.
 */
export class TimestampLedgerResource extends LedgerResource {
  slug = 'timestamp-ledgers'
  versionColumn = 'updatedAt'
}
