import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { Resource } from '../../src/definitions/resource/resource.ts'
import type { Infolist } from '../../src/definitions/infolist/infolist.ts'
import { buildInfolist, serializeInfolist } from '../../src/definitions/infolist/infolist.ts'
import { TextEntry } from '../../src/definitions/infolist/text_entry.ts'
import { BadgeColumn } from '../../src/definitions/table/columns/badge_column.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import type { Table } from '../../src/definitions/table/table.ts'

class Ticket extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare status: string

  @column()
  declare amount: number

  @column.dateTime()
  declare closedAt: DateTime | null

  @column.date()
  declare dueOn: DateTime | null
}

class TicketResource extends Resource<typeof Ticket> {
  model = Ticket

  table(table: Table) {
    return table.columns([
      BadgeColumn.make('status').colors({ open: 'warning', closed: 'success' }),
      TextColumn.make('amount').money('EUR'),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('status'),
      TextEntry.make('amount'),
      TextEntry.make('closedAt'),
      TextEntry.make('dueOn'),
    ])
  }
}

test.group('Infolist | entries follow the list', () => {
  test("an entry without a format takes its column's badge and format; dates show in the panel's zone", ({
    assert,
  }) => {
    const ticket = new Ticket()
    ticket.merge({
      id: 1,
      status: 'open',
      amount: 12.5,
      closedAt: DateTime.fromISO('2026-11-25T23:30:00Z'),
      dueOn: DateTime.fromISO('2026-12-01'),
    })
    const built = buildInfolist(new TicketResource())
    const infolist = serializeInfolist(built, ticket, { locale: 'en-US', timeZone: 'Europe/Paris' })
    const entry = (name: string) => infolist.entries.find((item) => item.name === name)!
    assert.deepEqual(entry('status').badge, { color: 'warning' })
    assert.equal(entry('amount').formatted, '€12.50')
    /* 23:30 UTC is the next day in Paris */
    assert.equal(entry('closedAt').formatted, 'Nov 26, 2026, 12:30 AM')
    /* a calendar date is never shifted */
    assert.equal(entry('dueOn').formatted, 'Dec 1, 2026')
  })
})
