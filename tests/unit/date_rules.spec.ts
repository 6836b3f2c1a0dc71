import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { kitRules } from '../../index.ts'

const validator = vine.compile(
  vine.object({
    on: kitRules.date(),
    at: kitRules.dateTime(),
    due: kitRules.date({ required: true }),
    plain: kitRules.date({ as: 'string' }),
    plainAt: kitRules.dateTime({ as: 'string' }),
  })
)

test.group('kitRules | date rules', () => {
  test('an empty input ({$self}) is null, never an invalid DateTime')
    .with([null, ''])
    .run(async ({ assert }, empty) => {
      const data = await validator.validate({ on: empty, at: empty, due: '2026-01-15' })
      assert.isNull(data.on)
      assert.isNull(data.at)
      assert.isTrue(data.due.isValid)
    })

  test('a date becomes a luxon DateTime, or a string with as: string', async ({ assert }) => {
    const data = await validator.validate({
      on: '2026-01-15',
      at: '2026-02-01T10:30',
      due: '2026-03-01',
      plain: '2026-04-02',
      plainAt: '2026-02-02 08:00:00',
    })
    assert.isTrue(DateTime.isDateTime(data.on))
    assert.equal(data.on!.toISODate(), '2026-01-15')
    assert.equal(data.at!.toFormat('yyyy-MM-dd HH:mm'), '2026-02-01 10:30')
    assert.equal(data.plain, '2026-04-02')
    assert.equal(data.plainAt, '2026-02-02 08:00:00.000')
  })

  test('a required date refuses an empty input; garbage is a date error', async ({ assert }) => {
    try {
      await validator.validate({ on: 'tomorrow', due: '' })
      assert.fail('validation passed')
    } catch (error: any) {
      assert.sameDeepMembers(
        error.messages.map((message: any) => [message.field, message.rule]),
        [
          ['on', 'date'],
          ['due', 'required'],
        ]
      )
    }
  })
})
