import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import Ledger from '../app/app/models/ledger.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import { Trend } from '../../index.ts'
import { resourceQuery } from '../../src/runtime/query/scoped_query.ts'
import type { ResourceMount } from '../../src/runtime/mounts/resource_mount.ts'

const utc = (text: string) => DateTime.fromSQL(text, { zone: 'utc' })

/**
 * Ledgers on known days: Monday 2026-03-02 is the first day of a week,
 * the 2026-03-08 (Sunday) its last, and March has no row after the 10th.
 */
async function ledgers() {
  const rows: [string, number, string][] = [
    ['2026-02-27 23:59:59', 1, '2026-02-27'],
    ['2026-03-02 00:00:00', 2, '2026-03-02'],
    ['2026-03-02 13:30:00', 4, '2026-03-02'],
    ['2026-03-08 23:59:59', 8, '2026-03-08'],
    ['2026-03-09 00:00:00', 16, '2026-03-09'],
    ['2026-03-10 08:00:00', 32, '2026-03-10'],
    ['2026-04-01 00:00:00', 64, '2026-04-01'],
  ]
  for (const [createdAt, tally, dueOn] of rows) {
    await Ledger.create({
      title: `Ledger ${tally}`,
      tally,
      createdAt: utc(createdAt),
      dueOn: DateTime.fromISO(dueOn, { zone: 'utc' }),
    })
  }
}

const series = (points: { date: string; value: number | null }[]) =>
  points.map((point) => [point.date, point.value])

test.group('Trend | buckets per day, week and month on this database', (group) => {
  withDatabase(group)

  test('counts per day over a date-time column, empty days filled, both ends included', async ({
    assert,
  }) => {
    await ledgers()
    const points = await Trend.query(Ledger.query())
      .dateColumn('createdAt')
      .between(utc('2026-03-01 00:00:00'), utc('2026-03-09 00:00:00'))
      .perDay()
      .count()
    assert.deepEqual(series(points), [
      ['2026-03-01', 0],
      ['2026-03-02', 2],
      ['2026-03-03', 0],
      ['2026-03-04', 0],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 1],
      ['2026-03-09', 1],
    ])
  })

  test('sums per week (weeks start on Monday) and per month', async ({ assert }) => {
    await ledgers()
    const weeks = await Trend.query(Ledger.query())
      .dateColumn('createdAt')
      .between(utc('2026-02-25 00:00:00'), utc('2026-03-15 00:00:00'))
      .perWeek()
      .sum('tally')
    assert.deepEqual(series(weeks), [
      ['2026-02-23', 1],
      ['2026-03-02', 14],
      ['2026-03-09', 48],
    ])
    const months = await Trend.query(Ledger.query())
      .dateColumn('createdAt')
      .between(utc('2026-01-15 00:00:00'), utc('2026-04-30 00:00:00'))
      .perMonth()
      .sum('tally')
    assert.deepEqual(series(months), [
      ['2026-01-01', 0],
      ['2026-02-01', 1],
      ['2026-03-01', 62],
      ['2026-04-01', 64],
    ])
  })

  test('averages per week over a date column; a bucket without rows is null', async ({
    assert,
  }) => {
    await ledgers()
    const trend = Trend.query(Ledger.query())
      .dateColumn('dueOn')
      .between(utc('2026-03-02 00:00:00'), utc('2026-03-22 00:00:00'))
      .perWeek()
    assert.deepEqual(
      series(await trend.average('tally')),
      [
        ['2026-03-02', 14 / 3],
        ['2026-03-09', 24],
        ['2026-03-16', null],
      ].map(([date, value]) => [
        date,
        value === null ? null : Math.round((value as number) * 1e6) / 1e6,
      ])
    )
    assert.equal(await trend.total('count'), 5)
    assert.equal(await trend.total('sum', 'tally'), 62)
  })

  test('the trend reads only what the query it is given reads (the scoped query)', async ({
    assert,
  }) => {
    const kit = await app.container.make('kit')
    const mount = kit
      .mounts()
      .find((candidate: ResourceMount) => candidate.routeName('index') === 'kit.admin.posts.index')!
    const alice = await createUser()
    const bob = await createUser()
    const day = utc('2026-05-04 10:00:00')
    await createPost(alice, { status: 'published', createdAt: day } as never)
    await createPost(alice, { status: 'draft', createdAt: day } as never)
    await createPost(bob, { status: 'draft', createdAt: day.plus({ days: 1 }) } as never)
    const count = async (user: typeof alice) =>
      series(
        await Trend.query(resourceQuery(mount.resource, { user }))
          .dateColumn('createdAt')
          .between(day, day.plus({ days: 1 }))
          .perDay()
          .count()
      )
    /* alice: published posts and her own drafts; bob: published and his draft */
    assert.deepEqual(await count(alice), [
      ['2026-05-04', 2],
      ['2026-05-05', 0],
    ])
    assert.deepEqual(await count(bob), [
      ['2026-05-04', 1],
      ['2026-05-05', 1],
    ])
  })

  test('ranges and names that cannot make SQL are refused before any query', async ({ assert }) => {
    const trend = () => Trend.query(Ledger.query()).dateColumn('createdAt')
    await assert.rejects(
      () => trend().between(utc('2026-03-02 00:00:00'), utc('2026-03-01 00:00:00')).count(),
      /ends before it starts/
    )
    await assert.rejects(
      () => trend().between(utc('2020-01-01 00:00:00'), utc('2026-01-01 00:00:00')).count(),
      /more than 1000 buckets/
    )
    await assert.rejects(
      () =>
        Trend.query(Ledger.query())
          .dateColumn('created_at); drop table ledgers; --')
          .between(utc('2026-03-01 00:00:00'), utc('2026-03-02 00:00:00'))
          .count(),
      /is not a column name/
    )
    assert.throws(() => trend().per('year' as never), /is not one of day, week, month/)
    assert.equal(
      await Ledger.query()
        .count('* as total')
        .then((rows) => rows.length),
      1
    )
  })
})
