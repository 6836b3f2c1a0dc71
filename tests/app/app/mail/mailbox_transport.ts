import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/**
 * A mail as nodemailer builds it (the JSON transport's output).
 */
export interface SentMail {
  to: { address: string; name: string }[]
  from: { address: string; name: string }
  subject: string
  text: string
  html: string
}

/**
 * The mails sent by the test application, oldest first.
 */
export const mailbox: SentMail[] = []

/**
 * A transport of @adonisjs/mail that builds each message with nodemailer
 * (its JSON transport) and keeps it in `mailbox`, as an inbox would.
 */
export class MailboxTransport implements MailTransportContract {
  #json = new JSONTransport()

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    mailbox.push(JSON.parse((response.original as { message: string }).message))
    return response
  }
}
