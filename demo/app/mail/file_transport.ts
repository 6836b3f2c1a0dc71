import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/**
 * A transport of @adonisjs/mail for the demo: each message, built by
 * nodemailer (its JSON transport), is written to `<folder>/<time>-<n>.json`
 * (to, from, subject, text, html) and its subject and recipient logged,
 * so "Forgot your password?" works without a mail server.
 */
export class FileTransport implements MailTransportContract {
  #json = new JSONTransport()
  #count = 0

  constructor(private folder: string) {}

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    const mail = JSON.parse((response.original as { message: string }).message)
    mkdirSync(this.folder, { recursive: true })
    const file = join(this.folder, `${Date.now()}-${++this.#count}.json`)
    writeFileSync(file, JSON.stringify(mail, null, 2))
    console.log(`mail "${mail.subject}" to ${mail.to?.[0]?.address}: ${file}`)
    return response
  }
}
