import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/mail'
import { FileTransport } from '../app/mail/file_transport.ts'

/**
 * Mail of the demo (password reset links): written as JSON files to
 * demo/tmp/mail/ (DEMO_MAIL_DIR), no mail server needed. An application
 * sends through SMTP or an API transport instead (config/mail.ts of
 * `node ace add @adonisjs/mail`).
 */
const mailConfig = defineConfig({
  from: { address: 'panel@demo.test', name: 'adonis-kit demo' },
  default: 'file',
  mailers: {
    file: () => new FileTransport(process.env.DEMO_MAIL_DIR ?? app.tmpPath('mail')),
  },
})

export default mailConfig
