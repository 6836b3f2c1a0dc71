import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { CreateRecord, EditRecord, type PageRoute, type RedirectTarget } from '../../index.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import {
  BuiltRedirectTicketResource,
  ViewedTicketResource,
} from '../app/app/resources/routed_ticket_resource.ts'
import { Ticket, createTicket, createUser, versionedBody, withDatabase } from '../helpers.ts'

const mountOptions: MountOptions = {
  panelId: 'x',
  prefix: '/x',
  name: 'kit.x',
  middleware: [],
  mutationMiddleware: [],
  resolveUser: () => null,
}

test.group('Redirect after save', (group) => {
  withDatabase(group)

  test('a create page that says "view" goes to the new record\'s view page', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/routed/viewed-tickets')
      .form({ subject: 'Printer jam', status: 'open', priority: '2' })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    const ticket = await Ticket.findByOrFail('subject', 'Printer jam')
    response.assertStatus(302)
    response.assertHeader('location', `/routed/viewed-tickets/${ticket.id}`)
    assert.equal(ticket.ownerId, user.id)

    /* JSON clients read the same target */
    const json = await client
      .post('/routed/viewed-tickets')
      .json({ subject: 'Scanner jam', status: 'open', priority: 1 })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(user)
    json.assertStatus(201)
    const second = await Ticket.findByOrFail('subject', 'Scanner jam')
    assert.equal(json.body().redirect, `/routed/viewed-tickets/${second.id}`)
  })

  test('an edit page that says "list" goes to the list page after a save', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const ticket = await createTicket(user, { subject: 'Old subject' })
    const url = `/routed/viewed-tickets/${ticket.id}`
    const response = await client
      .patch(url)
      .json(await versionedBody(url, { subject: 'New subject', status: 'closed', priority: 3 }))
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/routed/viewed-tickets')
    await ticket.refresh()
    assert.equal(ticket.subject, 'New subject')
  })

  test('a redirect built from the record goes there when it is a path of this site', async ({
    client,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/routed/built-tickets')
      .form({ subject: 'Built', status: 'open', priority: '1' })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    const ticket = await Ticket.findByOrFail('subject', 'Built')
    response.assertStatus(302)
    response.assertHeader('location', `/boards/tickets/${ticket.id}?from=create`)
  })

  test('a built redirect that leaves the site goes to the list page instead', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const targets = [
      'https://evil.test/phish',
      '//evil.test/phish',
      '/\\evil.test',
      'javascript:alert(1)',
      'not a path',
    ]
    for (const [index, subject] of targets.entries()) {
      const ticket = await createTicket(user, { subject: `Ticket ${index} here` })
      const url = `/routed/built-tickets/${ticket.id}`
      const response = await client
        .patch(url)
        .json(await versionedBody(url, { subject, status: 'open', priority: 1 }))
        .withCsrfToken()
        .loginAs(user)
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/routed/built-tickets')
      await ticket.refresh()
      /* the save itself went through */
      assert.equal(ticket.subject, subject)
    }
  })

  test('a record outside the scope is a 404 and nothing is written', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const ticket = await createTicket(owner, { subject: 'Not yours' })
    const response = await client
      .patch(`/routed/viewed-tickets/${ticket.id}`)
      .json({ subject: 'Taken over', status: 'closed', priority: 1 })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(other)
    response.assertStatus(404)
    await ticket.refresh()
    assert.equal(ticket.subject, 'Not yours')
    assert.equal(ticket.status, 'open')
  })

  test('kit() asserts the redirect of a create and of a save', async () => {
    const user = await createUser()
    const driver = kit(ViewedTicketResource, { user })
      .fillForm({ subject: 'Driven', status: 'open', priority: 1 })
      .call('create')
      .assertRedirect((ticket) => `/routed/viewed-tickets/${ticket.id}`)
    const ticket = await driver.record<Ticket>()
    await kit(ViewedTicketResource, { user })
      .forEdit(ticket)
      .fillForm({ subject: 'Driven again' })
      .call('save')
      .assertRedirect('/routed/viewed-tickets')
    await kit(TicketResource, { user })
      .forEdit(ticket)
      .call('save')
      .assertRedirect(`/desk/tickets/${ticket.id}/edit`)
    await kit(BuiltRedirectTicketResource, { user })
      .forEdit(ticket)
      .fillForm({ subject: 'https://evil.test' })
      .call('save')
      .assertRedirect('/routed/built-tickets')
  })

  test('kit() assertRedirect fails on another target', async ({ assert }) => {
    const user = await createUser()
    const ticket = await createTicket(user)
    const error = await kit(ViewedTicketResource, { user })
      .forEdit(ticket)
      .call('save')
      .assertRedirect('/elsewhere')
      .then(
        () => null,
        (failure: Error) => failure
      )
    assert.include(error?.message, 'redirects to "/routed/viewed-tickets", not "/elsewhere"')
  })

  test('an unknown target or "view" without a view page is refused at boot', ({ assert }) => {
    class Odd extends CreateRecord {
      redirectAfterCreate() {
        return 'home' as RedirectTarget
      }
    }
    class ToView extends EditRecord {
      redirectAfterSave(): RedirectTarget {
        return 'view'
      }
    }
    class OddTickets extends TicketResource {
      slug = 'odd-tickets'
      getPages(): Record<string, PageRoute> {
        return { create: Odd.route('/create') }
      }
    }
    class ViewlessTickets extends TicketResource {
      slug = 'viewless-tickets'
      getPages(): Record<string, PageRoute> {
        return { edit: ToView.route('/:record/edit') }
      }
    }
    const refusal = (resource: TicketResource) => {
      try {
        new ResourceMount(resource, mountOptions)
        return null
      } catch (error) {
        return error as Error
      }
    }
    const odd = refusal(new OddTickets())
    assert.instanceOf(odd, KitConfigurationException)
    assert.include(
      odd?.message,
      'OddTickets.getPages().create.redirectAfterCreate() must return "list", "view", "edit" or a function of the record (got "home")'
    )
    const viewless = refusal(new ViewlessTickets())
    assert.instanceOf(viewless, KitConfigurationException)
    assert.include(
      viewless?.message,
      'ViewlessTickets.getPages().edit.redirectAfterSave() returns "view", but the resource has no view page'
    )
  })
})
