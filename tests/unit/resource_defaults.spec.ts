import { test } from '@japa/runner'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { Resource, isClass, pickColumns } from '../../src/definitions/resource/resource.ts'

class BlogPost extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string
}

class Category extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
}

class Person extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
}

class BlogPostResource extends Resource<typeof BlogPost> {
  model = BlogPost
}

class CategoryResource extends Resource<typeof Category> {
  model = Category
}

class PersonResource extends Resource<typeof Person> {
  model = Person
}

class CustomizedResource extends Resource<typeof BlogPost> {
  model = BlogPost
  slug = 'articles'
  label = 'Article'
}

class FullyCustomizedResource extends Resource<typeof BlogPost> {
  model = BlogPost
  label = 'Entry'
  pluralLabel = 'Journal'
}

class StringKeyResource extends Resource<typeof BlogPost> {
  model = BlogPost
  recordKeyType = 'string' as const
}

test.group('Resource | slug and labels', () => {
  test('the slug is the plural kebab case of the model name', ({ assert }) => {
    assert.equal(new BlogPostResource().getSlug(), 'blog-posts')
    assert.equal(new CategoryResource().getSlug(), 'categories')
    assert.equal(new PersonResource().getSlug(), 'people')
  })

  test('a declared slug wins', ({ assert }) => {
    assert.equal(new CustomizedResource().getSlug(), 'articles')
  })

  test('the label is the model name in sentence case', ({ assert }) => {
    assert.equal(new BlogPostResource().getLabel(), 'Blog post')
    assert.equal(new CategoryResource().getLabel(), 'Category')
  })

  test('the plural label is the plural of the label', ({ assert }) => {
    assert.equal(new BlogPostResource().getPluralLabel(), 'Blog posts')
    assert.equal(new CategoryResource().getPluralLabel(), 'Categories')
    assert.equal(new CustomizedResource().getPluralLabel(), 'Articles')
  })

  test('declared labels win', ({ assert }) => {
    assert.equal(new CustomizedResource().getLabel(), 'Article')
    assert.equal(new FullyCustomizedResource().getLabel(), 'Entry')
    assert.equal(new FullyCustomizedResource().getPluralLabel(), 'Journal')
  })

  test('url() refuses to answer before the resource is mounted', ({ assert }) => {
    assert.throws(() => new BlogPostResource().url('index'), /BlogPostResource is not mounted/)
  })
})

test.group('Resource | isValidRecordKey (integer keys)', () => {
  const resource = new BlogPostResource()

  test('accepts positive integers in canonical form, up to 2147483647', ({ assert }) => {
    for (const key of ['1', '7', '42', '1000', '2147483647']) {
      assert.isTrue(resource.isValidRecordKey(key), key)
    }
    for (const key of ['2147483648', '999999999999999']) {
      assert.isFalse(resource.isValidRecordKey(key), key)
    }
  })

  test('bigInteger keys go up to the largest safe integer', ({ assert }) => {
    resource.recordKeyType = 'bigInteger'
    try {
      for (const key of ['1', '2147483648', '999999999999999', '9007199254740991']) {
        assert.isTrue(resource.isValidRecordKey(key), key)
      }
      for (const key of ['0', '9007199254740992', '12345678901234567890', '1.5']) {
        assert.isFalse(resource.isValidRecordKey(key), key)
      }
    } finally {
      resource.recordKeyType = 'integer'
    }
  })

  test('refuses zero, negatives, decimals, words and injections', ({ assert }) => {
    for (const key of [
      '0',
      '-1',
      '1.5',
      'abc',
      '',
      '1 OR 1=1',
      '01',
      '+1',
      ' 1',
      '1 ',
      '1e3',
      '0x10',
      '１',
      '1\n',
      '1/2',
      '%31',
    ]) {
      assert.isFalse(resource.isValidRecordKey(key), JSON.stringify(key))
    }
  })

  test('refuses numbers too long to be safe integers', ({ assert }) => {
    assert.isFalse(resource.isValidRecordKey('12345678901234567890'))
    assert.isFalse(resource.isValidRecordKey('9007199254740993'))
  })

  test('refuses values that are not strings', ({ assert }) => {
    for (const key of [1, null, undefined, ['1'], { id: 1 }, true, 1n]) {
      assert.isFalse(resource.isValidRecordKey(key), String(key))
    }
  })
})

test.group('Resource | isValidRecordKey (string keys)', () => {
  const resource = new StringKeyResource()

  test('integer keys are the default', ({ assert }) => {
    assert.equal(new BlogPostResource().recordKeyType, 'integer')
    assert.equal(resource.recordKeyType, 'string')
  })

  test('accepts letters, digits, "-" and "_"', ({ assert }) => {
    for (const key of [
      'abc',
      'ABC-def_123',
      '0',
      '01HZX3Q4V2',
      '3f2b6c1e-8a4d-4f2e-9b1a-1c2d3e4f5a6b',
    ]) {
      assert.isTrue(resource.isValidRecordKey(key), key)
    }
  })

  test('refuses empty, spaces, slashes, dots, percent and quotes', ({ assert }) => {
    for (const key of ['', ' ', 'a b', 'a/b', '..', 'a.b', '%2e', "a'b", '1 OR 1=1', 'é', 'a\0']) {
      assert.isFalse(resource.isValidRecordKey(key), JSON.stringify(key))
    }
  })

  test('refuses keys longer than 191 characters', ({ assert }) => {
    assert.isTrue(resource.isValidRecordKey('a'.repeat(191)))
    assert.isFalse(resource.isValidRecordKey('a'.repeat(192)))
  })

  test('refuses values that are not strings', ({ assert }) => {
    for (const key of [1, null, undefined, ['a'], { id: 'a' }]) {
      assert.isFalse(resource.isValidRecordKey(key), String(key))
    }
  })
})

test.group('Resource | helpers', () => {
  test('pickColumns keeps model columns and drops the primary key and unknown keys', ({
    assert,
  }) => {
    assert.deepEqual(
      pickColumns(BlogPost, { id: 5, title: 'Hello', isAdmin: true, constructor: 'x' }),
      { title: 'Hello' }
    )
  })

  test('isClass tells classes from lazy import functions', ({ assert }) => {
    assert.isTrue(isClass(BlogPost))
    assert.isTrue(isClass(class {}))
    assert.isFalse(isClass(() => import('../helpers.ts')))
    assert.isFalse(isClass(function notAClass() {}))
    assert.isFalse(isClass(null))
    assert.isFalse(isClass('class Foo {}'))
  })
})
