import { test } from '@japa/runner'
import vine, { errors as vineErrors } from '@vinejs/vine'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { Rules, ValidationContext, type RuleMap } from '../../src/definitions/validation/rules.ts'
import {
  compilations,
  compiledValidator,
  validateWith,
} from '../../src/runtime/validation/validator_cache.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'

class Book extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string
}

function book(id: number) {
  const record = new Book()
  record.id = id
  return record
}

/**
 * How many times each Rules class ran rules().
 */
const built = new Map<string, number>()

function track(name: string) {
  built.set(name, (built.get(name) ?? 0) + 1)
}

class BookRules extends Rules {
  rules() {
    track('BookRules')
    return {
      title: vine.string().trim().minLength(2).maxLength(100),
      pages: vine.number().positive().optional(),
    }
  }

  messages() {
    return { 'title.minLength': 'The title is too short' }
  }

  fields() {
    return { pages: 'number of pages' }
  }
}

class OtherBookRules extends Rules {
  rules() {
    track('OtherBookRules')
    return { title: vine.string() }
  }
}

class SourceRules extends Rules {
  rules(context: ValidationContext) {
    track(`SourceRules:${context.source}:${context.operation}`)
    return { title: vine.string() }
  }
}

class EagerRecordRules extends Rules {
  rules(context: ValidationContext) {
    /* wrong: read while building the schema */
    const locked = context.record !== null
    return { title: locked ? vine.string().optional() : vine.string() }
  }
}

class EagerUserRules extends Rules {
  rules(context: ValidationContext) {
    return { title: vine.string().maxLength(context.user?.isAdmin ? 1000 : 10) }
  }
}

class EagerInputRules extends Rules {
  rules(context: ValidationContext): RuleMap {
    return context.input.strict ? { title: vine.string() } : {}
  }
}

class BrokenRules extends Rules {
  rules(): any {
    return [vine.string()]
  }
}

/**
 * Reads the context inside a rule callback, at validation time.
 */
const seen: { record: unknown; user: unknown; input: unknown; operation: string }[] = []

class LazyRecordRules extends Rules {
  rules(context: ValidationContext) {
    const spy = vine.createRule(async (_value, _options, field) => {
      /* give concurrent validations a chance to interleave */
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.push({
        record: context.record,
        user: context.user,
        input: context.input,
        operation: context.operation,
      })
      if (context.record && field.value === 'taken') {
        field.report('Taken by another record', 'unique', field)
      }
    })
    return { title: vine.string().use(spy()) }
  }
}

test.group('validator_cache | compiledValidator', () => {
  test('compiles once per Rules class and operation', ({ assert }) => {
    const before = compilations.count
    const first = compiledValidator(BookRules, 'create')
    assert.equal(compilations.count, before + 1)
    assert.equal(built.get('BookRules'), 1)

    const second = compiledValidator(BookRules, 'create')
    compiledValidator(BookRules, 'create')
    assert.strictEqual(second, first)
    assert.equal(compilations.count, before + 1)
    assert.equal(built.get('BookRules'), 1)
  })

  test('another operation compiles again, once', ({ assert }) => {
    compiledValidator(BookRules, 'create')
    const before = compilations.count
    const edit = compiledValidator(BookRules, 'edit')
    assert.equal(compilations.count, before + 1)
    assert.notStrictEqual(edit, compiledValidator(BookRules, 'create'))
    assert.strictEqual(compiledValidator(BookRules, 'edit'), edit)
    assert.equal(compilations.count, before + 1)
  })

  test('another Rules class compiles separately', ({ assert }) => {
    compiledValidator(BookRules, 'create')
    const before = compilations.count
    const other = compiledValidator(OtherBookRules, 'create')
    assert.equal(compilations.count, before + 1)
    assert.notStrictEqual(other, compiledValidator(BookRules, 'create'))
    assert.equal(compilations.count, before + 1)
  })

  test('another source compiles separately, and rules() sees operation and source', ({
    assert,
  }) => {
    const before = compilations.count
    compiledValidator(SourceRules, 'create')
    compiledValidator(SourceRules, 'create', 'resource')
    compiledValidator(SourceRules, 'create', 'api')
    compiledValidator(SourceRules, 'create', 'api')
    assert.equal(compilations.count, before + 2)
    assert.equal(built.get('SourceRules:resource:create'), 1)
    assert.equal(built.get('SourceRules:api:create'), 1)
  })

  test('refuses rules() that do not return an object', ({ assert }) => {
    const before = compilations.count
    try {
      compiledValidator(BrokenRules, 'create')
      assert.fail('BrokenRules should have been refused')
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error.message, 'BrokenRules.rules() must return an object')
    }
    assert.equal(compilations.count, before)
  })
})

test.group('validator_cache | validateWith', (group) => {
  group.each.setup(() => {
    seen.length = 0
  })

  test('returns only the declared keys', async ({ assert }) => {
    const input = JSON.parse(
      '{"title":"  Dune  ","pages":412,"id":99,"isAdmin":true,"authorId":1,"__proto__":{"polluted":true}}'
    )
    const data = await validateWith(BookRules, {
      operation: 'create',
      record: null,
      user: null,
      input,
    })
    assert.deepEqual(data, { title: 'Dune', pages: 412 })
    assert.notProperty(data, 'id')
    assert.notProperty(data, 'isAdmin')
    assert.notProperty(data, 'authorId')
    assert.isFalse(Object.hasOwn(data, '__proto__'))
    assert.isUndefined((data as any).polluted)
    assert.isUndefined(({} as any).polluted)
  })

  test('throws E_VALIDATION_ERROR with per-field messages on invalid input', async ({ assert }) => {
    try {
      await validateWith(BookRules, {
        operation: 'create',
        record: null,
        user: null,
        input: { title: 'x', pages: -3, id: 1 },
      })
      assert.fail('the input should have been refused')
    } catch (error) {
      assert.instanceOf(error, vineErrors.E_VALIDATION_ERROR)
      assert.equal(error.code, 'E_VALIDATION_ERROR')
      assert.equal(error.status, 422)
      assert.isArray(error.messages)
      const fields = error.messages.map((message: { field: string }) => message.field)
      assert.sameMembers(fields, ['title', 'pages'])
      const title = error.messages.find((message: { field: string }) => message.field === 'title')
      assert.equal(title.message, 'The title is too short')
      assert.equal(title.rule, 'minLength')
      const pages = error.messages.find((message: { field: string }) => message.field === 'pages')
      assert.include(pages.message, 'number of pages')
    }
  })

  test('a missing required field is reported', async ({ assert }) => {
    try {
      await validateWith(BookRules, { operation: 'edit', record: null, user: null, input: {} })
      assert.fail('the input should have been refused')
    } catch (error) {
      assert.equal(error.code, 'E_VALIDATION_ERROR')
      assert.deepEqual(
        error.messages.map((message: { field: string; rule: string }) => [
          message.field,
          message.rule,
        ]),
        [['title', 'required']]
      )
    }
  })

  test('validating does not compile again', async ({ assert }) => {
    await validateWith(BookRules, {
      operation: 'create',
      record: null,
      user: null,
      input: { title: 'First' },
    })
    const before = compilations.count
    for (const title of ['Second', 'Third', 'Fourth']) {
      await validateWith(BookRules, {
        operation: 'create',
        record: null,
        user: null,
        input: { title },
      })
    }
    assert.equal(compilations.count, before)
  })
})

test.group('validator_cache | ValidationContext', (group) => {
  group.each.setup(() => {
    seen.length = 0
  })

  test('reading context.record in rules() throws a clear configuration error', ({ assert }) => {
    try {
      compiledValidator(EagerRecordRules, 'edit')
      assert.fail('reading context.record at compile time should throw')
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
      assert.equal(error.code, 'E_KIT_CONFIG')
      assert.include(error.message, 'context.record was read while the rules were being built')
      assert.include(error.message, 'inside a rule callback')
    }
  })

  test('the same error through validateWith, even with a record at hand', async ({ assert }) => {
    try {
      await validateWith(EagerRecordRules, {
        operation: 'edit',
        record: book(1),
        user: { id: 1 },
        input: { title: 'x' },
      })
      assert.fail('reading context.record at compile time should throw')
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error.message, 'context.record')
    }
  })

  test('context.user and context.input are guarded the same way', ({ assert }) => {
    for (const [EagerRules, member] of [
      [EagerUserRules, 'user'],
      [EagerInputRules, 'input'],
    ] as const) {
      try {
        compiledValidator(EagerRules, 'create')
        assert.fail(`reading context.${member} at compile time should throw`)
      } catch (error) {
        assert.instanceOf(error, KitConfigurationException)
        assert.include(error.message, `context.${member} was read while the rules were being built`)
      }
    }
  })

  test('operation, source and options are readable at compile time', ({ assert }) => {
    const context = new ValidationContext('edit', 'api', { strict: true })
    assert.equal(context.operation, 'edit')
    assert.equal(context.source, 'api')
    assert.deepEqual(context.options, { strict: true })
    assert.throws(() => context.record, /context\.record/)
  })

  test('inside a rule callback, context.record is the record being validated', async ({
    assert,
  }) => {
    const record = book(7)
    const user = { id: 3 }
    const input = { title: 'Emma' }
    await validateWith(LazyRecordRules, { operation: 'edit', record, user, input })
    await validateWith(LazyRecordRules, {
      operation: 'create',
      record: null,
      user: null,
      input: { title: 'Persuasion' },
    })

    assert.lengthOf(seen, 2)
    assert.strictEqual(seen[0].record, record)
    assert.strictEqual(seen[0].user, user)
    assert.strictEqual(seen[0].input, input)
    assert.equal(seen[0].operation, 'edit')
    assert.isNull(seen[1].record)
    assert.isNull(seen[1].user)
    assert.equal(seen[1].operation, 'create')
  })

  test('the rule callback sees the record of its own validation when validations overlap', async ({
    assert,
  }) => {
    const records = [book(1), book(2), book(3), book(4)]
    await Promise.all(
      records.map((record) =>
        validateWith(LazyRecordRules, {
          operation: 'edit',
          record,
          user: { id: record.id },
          input: { title: `Book ${record.id}` },
        })
      )
    )
    assert.lengthOf(seen, 4)
    for (const entry of seen) {
      const record = entry.record as Book
      assert.equal((entry.user as { id: number }).id, record.id)
      assert.equal((entry.input as { title: string }).title, `Book ${record.id}`)
    }
  })

  test('a rule callback may refuse using the record', async ({ assert }) => {
    await assert.rejects(() =>
      validateWith(LazyRecordRules, {
        operation: 'edit',
        record: book(1),
        user: null,
        input: { title: 'taken' },
      })
    )
    await assert.doesNotReject(() =>
      validateWith(LazyRecordRules, {
        operation: 'create',
        record: null,
        user: null,
        input: { title: 'taken' },
      })
    )
  })

  test('outside a validation the context refuses to answer again', async ({ assert }) => {
    let captured: ValidationContext | undefined
    class CapturingRules extends Rules {
      rules(context: ValidationContext) {
        captured = context
        return { title: vine.string() }
      }
    }
    await validateWith(CapturingRules, {
      operation: 'edit',
      record: book(1),
      user: null,
      input: { title: 'x' },
    })
    assert.exists(captured)
    assert.throws(() => captured!.record, /context\.record/)
  })
})
