import { test } from '@japa/runner'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'

class Product extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string | null

  @column()
  declare title: string | null

  @column()
  declare label: string | null

  @column()
  declare sku: string | null
}

class ProductResource extends Resource<typeof Product> {
  model = Product
}

class SkuTitledProductResource extends Resource<typeof Product> {
  model = Product
  recordTitleAttribute() {
    return 'sku'
  }
}

class LabelledProductResource extends Resource<typeof Product> {
  model = Product
  label = 'Article'
}

class Invoice extends BaseModel {
  @column({ isPrimary: true })
  declare number: number

  @column()
  declare total: number
}

class InvoiceResource extends Resource<typeof Invoice> {
  model = Invoice
}

function product(attributes: Partial<Record<'name' | 'title' | 'label' | 'sku', any>>, id = 7) {
  const record = new Product()
  record.id = id
  Object.assign(record, attributes)
  return record
}

test.group('Resource | recordTitle', () => {
  test('recordTitleAttribute() wins over name, title and label', ({ assert }) => {
    const record = product({
      name: 'The name',
      title: 'The title',
      label: 'The label',
      sku: 'SKU-1',
    })
    assert.equal(new SkuTitledProductResource().recordTitle(record), 'SKU-1')
  })

  test('without a title attribute, name comes first', ({ assert }) => {
    const record = product({ name: 'The name', title: 'The title', label: 'The label' })
    assert.equal(new ProductResource().recordTitle(record), 'The name')
  })

  test('then title, when name is missing', ({ assert }) => {
    const record = product({ title: 'The title', label: 'The label' })
    assert.equal(new ProductResource().recordTitle(record), 'The title')
  })

  test('then label, when name and title are missing', ({ assert }) => {
    const record = product({ label: 'The label' })
    assert.equal(new ProductResource().recordTitle(record), 'The label')
  })

  test('null, undefined, empty and whitespace-only values are skipped', ({ assert }) => {
    const resource = new ProductResource()
    assert.equal(
      resource.recordTitle(product({ name: null, title: '   ', label: 'The label' })),
      'The label'
    )
    assert.equal(resource.recordTitle(product({ name: '', title: '\t\n', label: 'Kept' })), 'Kept')
    assert.equal(resource.recordTitle(product({ name: undefined, title: 'Second' })), 'Second')
  })

  test('a non-string value is turned into a string, and 0 is not blank', ({ assert }) => {
    assert.equal(new ProductResource().recordTitle(product({ name: 0 })), '0')
    assert.equal(new ProductResource().recordTitle(product({ name: 42 })), '42')
  })

  test('falls back to "<Label> #<key>" when every candidate is blank', ({ assert }) => {
    const resource = new ProductResource()
    assert.equal(resource.recordTitle(product({}, 7)), 'Product #7')
    assert.equal(
      resource.recordTitle(product({ name: ' ', title: null, label: '' }, 12)),
      'Product #12'
    )
  })

  test('the fallback uses the custom label', ({ assert }) => {
    assert.equal(new LabelledProductResource().recordTitle(product({}, 3)), 'Article #3')
  })

  test('the fallback uses the primary key, whatever its name', ({ assert }) => {
    const invoice = new Invoice()
    invoice.number = 1042
    invoice.total = 10
    assert.equal(new InvoiceResource().recordTitle(invoice), 'Invoice #1042')
  })

  test('a blank declared title attribute still yields a non-blank title', ({ assert }) => {
    const title = new SkuTitledProductResource().recordTitle(product({ sku: '   ' }, 9))
    assert.isString(title)
    assert.notEqual(title.trim(), '')
    assert.include(title, '9')
  })

  test('the title is never blank', ({ assert }) => {
    const blanks = [null, undefined, '', ' ', '\n\t']
    for (const name of blanks) {
      for (const title of blanks) {
        for (const label of blanks) {
          const value = new ProductResource().recordTitle(product({ name, title, label }, 5))
          assert.notEqual(value.trim(), '')
          assert.equal(value, 'Product #5')
        }
      }
    }
  })

  test('successMessage() quotes the record title', ({ assert }) => {
    const resource = new ProductResource()
    const record = product({ name: 'Lamp' })
    assert.equal(
      resource.successMessage(ResourceOperation.Create, record),
      'Product "Lamp" created'
    )
    assert.equal(resource.successMessage(ResourceOperation.Edit, record), 'Product "Lamp" saved')
    assert.equal(
      resource.successMessage(ResourceOperation.Delete, record),
      'Product "Lamp" deleted'
    )
  })
})
