import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import {
  isHiddenAttribute,
  serializeValue,
} from '../../src/definitions/resource/serialize_value.ts'
import { Post, User } from '../helpers.ts'

class Account extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare apiToken: string

  @column({ serializeAs: 'display_name' })
  declare displayName: string
}

test.group('serializeValue', () => {
  test('keeps strings, booleans and finite numbers', ({ assert }) => {
    assert.strictEqual(serializeValue('hello'), 'hello')
    assert.strictEqual(serializeValue(''), '')
    assert.strictEqual(serializeValue(true), true)
    assert.strictEqual(serializeValue(false), false)
    assert.strictEqual(serializeValue(0), 0)
    assert.strictEqual(serializeValue(-12.5), -12.5)
  })

  test('null and undefined become null', ({ assert }) => {
    assert.isNull(serializeValue(null))
    assert.isNull(serializeValue(undefined))
  })

  test('NaN and infinities become null', ({ assert }) => {
    assert.isNull(serializeValue(Number.NaN))
    assert.isNull(serializeValue(Number.POSITIVE_INFINITY))
    assert.isNull(serializeValue(Number.NEGATIVE_INFINITY))
  })

  test('bigint becomes its decimal string', ({ assert }) => {
    assert.strictEqual(serializeValue(12345678901234567890n), '12345678901234567890')
    assert.strictEqual(serializeValue(-1n), '-1')
  })

  test('a luxon DateTime becomes an ISO string', ({ assert }) => {
    const value = DateTime.fromISO('2024-03-05T10:20:30.000Z', { zone: 'utc' })
    assert.strictEqual(serializeValue(value), '2024-03-05T10:20:30.000Z')

    const local = DateTime.fromISO('2024-03-05T10:20:30.000+02:00', { setZone: true })
    assert.strictEqual(serializeValue(local), '2024-03-05T10:20:30.000+02:00')
  })

  test('an invalid DateTime becomes null', ({ assert }) => {
    assert.isNull(serializeValue(DateTime.invalid('broken')))
  })

  test('a Date becomes an ISO string, an invalid Date null', ({ assert }) => {
    assert.strictEqual(
      serializeValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5))),
      '2024-01-02T03:04:05.000Z'
    )
    assert.isNull(serializeValue(new Date('not a date')))
  })

  test('objects, arrays and other values become null', ({ assert }) => {
    const secret = { password: 'hash', toString: () => 'hash' }
    for (const value of [
      {},
      secret,
      [],
      ['a', 'b'],
      new Map([['a', 1]]),
      new Set([1]),
      Buffer.from('secret'),
      Symbol('x'),
      () => 'x',
      Object('boxed'),
      Object(1),
      /regex/,
    ]) {
      assert.isNull(serializeValue(value), String(typeof value))
    }
  })

  test('a model instance becomes null rather than leaking its attributes', ({ assert }) => {
    const user = new User()
    user.email = 'someone@example.com'
    user.password = 'hash'
    assert.isNull(serializeValue(user))
  })
})

test.group('isHiddenAttribute', () => {
  test('is true for serializeAs: null columns', ({ assert }) => {
    assert.isTrue(isHiddenAttribute(Account, 'apiToken'))
    assert.isTrue(isHiddenAttribute(User, 'password'))
    assert.isTrue(isHiddenAttribute(Post, 'secretNote'))
  })

  test('is false for visible and renamed columns', ({ assert }) => {
    assert.isFalse(isHiddenAttribute(Account, 'email'))
    assert.isFalse(isHiddenAttribute(Account, 'id'))
    assert.isFalse(isHiddenAttribute(Account, 'displayName'))
    assert.isFalse(isHiddenAttribute(Post, 'title'))
    assert.isFalse(isHiddenAttribute(Post, 'createdAt'))
  })

  test('is false for properties that are not columns', ({ assert }) => {
    assert.isFalse(isHiddenAttribute(Account, 'nope'))
    assert.isFalse(isHiddenAttribute(Account, 'api_token'))
    assert.isFalse(isHiddenAttribute(Account, ''))
  })
})
