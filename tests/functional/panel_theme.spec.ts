import { test } from '@japa/runner'
import { panel } from '../../index.ts'
import { themeVariables } from '../../src/definitions/panel/panel_theme.ts'
import { createPost, createUser, pageOf, withDatabase } from '../helpers.ts'

const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]

test.group('Panel theme | configuration', () => {
  test('one color becomes a scale mixed with white and black', ({ assert }) => {
    const variables = themeVariables({ primary: '#059669' }, 'here')
    assert.deepEqual(
      Object.keys(variables),
      SHADES.map((shade) => `--kit-primary-${shade}`)
    )
    assert.equal(variables['--kit-primary-500'], '#059669')
    assert.equal(variables['--kit-primary-50'], 'color-mix(in oklab, #059669 8%, white)')
    assert.equal(variables['--kit-primary-950'], 'color-mix(in oklab, #059669 30%, black)')
  })

  test('a whole scale, a radius and a font are taken as given', ({ assert }) => {
    const gray = Object.fromEntries(SHADES.map((shade) => [shade, `oklch(${shade / 10}% 0 0)`]))
    const variables = themeVariables(
      { gray: gray as any, radius: '0.25rem', font: '"Inter Var", sans-serif' },
      'here'
    )
    assert.equal(variables['--kit-gray-50'], 'oklch(5% 0 0)')
    assert.equal(variables['--kit-gray-950'], 'oklch(95% 0 0)')
    assert.equal(variables['--kit-radius'], '0.25rem')
    assert.equal(variables['--kit-font'], '"Inter Var", sans-serif')
  })

  test('values that are not colors, lengths or font lists are refused at boot', ({ assert }) => {
    assert.throws(
      () => panel('bad').theme({ primary: 'red; background: url(x)' }),
      'Panel "bad": theme(): primary "red; background: url(x)" is not a CSS color (a hex, rgb(), hsl(), oklch() or named color)'
    )
    assert.throws(() => panel('bad').theme({ primary: 'url(evil.png)' }), /is not a CSS color/)
    assert.throws(() => panel('bad').theme({ gray: { 50: '#fff' } as any }), /gray\[100\] must be/)
    assert.throws(
      () =>
        panel('bad').theme({
          gray: { ...Object.fromEntries(SHADES.map((s) => [s, '#000'])), 975: '#000' } as any,
        }),
      /gray has no shade "975"/
    )
    assert.throws(() => panel('bad').theme({ radius: '1rem}' }), /radius "1rem}" must be a length/)
    assert.throws(() => panel('bad').theme({ font: 'Inter; color: red' }), /font .* must be a font/)
    assert.throws(() => panel('bad').theme({ accent: '#000' } as any), /unknown key "accent"/)
    assert.throws(() => panel('bad').brandName('  '), /brandName\(\) needs a non-empty name/)
  })
})

test.group('Panel theme | in the pages of the panel', (group) => {
  withDatabase(group)

  test('list, History, activity and error pages carry the brand and the theme', async ({
    client,
    assert,
  }) => {
    const user = await createUser({
      isAdmin: true,
      email: `auditor-theme-${Date.now()}@example.com`,
    })
    const post = await createPost(user)
    const expected = {
      id: 'crew',
      searchUrl: '/crew/search',
      brand: 'Crew desk',
      theme: themeVariables(
        { primary: '#059669', radius: '0.375rem', font: 'Inter, ui-sans-serif' },
        'here'
      ),
    }

    const list = await client.get('/crew/posts').withInertia().loginAs(user)
    list.assertStatus(200)
    assert.deepEqual(list.inertiaProps.kitPanel, expected)

    const history = await client.get(`/crew/posts/${post.id}/history`).withInertia().loginAs(user)
    history.assertStatus(200)
    assert.deepEqual(history.inertiaProps.kitPanel, expected)

    const activity = await client.get('/crew/_activity').withInertia().loginAs(user)
    activity.assertStatus(200)
    assert.deepEqual(activity.inertiaProps.kitPanel, expected)

    /* a record that does not exist, loaded directly: the panel's error page */
    const missing = await client
      .get('/crew/posts/999999/edit')
      .header('accept', 'text/html')
      .loginAs(user)
    missing.assertStatus(404)
    assert.equal(pageOf(missing).component, 'kit/error')
    assert.deepEqual(pageOf(missing).props.kitPanel, expected)
  })

  test('a panel without a theme sends neither brand nor theme', async ({ client, assert }) => {
    const user = await createUser()
    const list = await client.get('/admin/posts').withInertia().loginAs(user)
    list.assertStatus(200)
    assert.deepEqual(list.inertiaProps.kitPanel, { id: 'admin', searchUrl: '/admin/search' })
  })
})
