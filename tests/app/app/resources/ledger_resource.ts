import {
  DatePicker,
  Resource,
  Select,
  TagsInput,
  TextColumn,
  TextInput,
  TextInputColumn,
  Textarea,
  type Form,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Ledger from '../models/ledger.ts'
import LedgerRules from '../rules/ledger_rules.ts'

/**
 * Ledgers: optimistic locking with the default version (a digest of the
 * stored row; `updated_at` keeps whole seconds on SQLite and MariaDB). A
 * tally and notes, a JSON list, a date and a many-to-many select in the
 * form; an editable title in the table. Admins only.
 */
export default class LedgerResource extends Resource<typeof Ledger> {
  model = Ledger

  async canAccess(_operation: unknown, _record: Ledger | null, user: KitUser | null) {
    return user?.isAdmin === true
  }

  table(table: Table) {
    return table.columns([TextInputColumn.make('title'), TextColumn.make('tally')])
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
