import { defineConfig } from '@adonisjs/mail'
import { MailboxTransport } from '../app/mail/mailbox_transport.ts'

/**
 * Mail of the test application: every message kept in an in-memory inbox
 * (tests/app/app/mail/mailbox_transport.ts).
 */
const mailConfig = defineConfig({
  from: { address: 'panel@example.com', name: 'Console' },
  default: 'mailbox',
  mailers: {
    mailbox: () => new MailboxTransport(),
  },
})

export default mailConfig
