import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class NoteRules extends Rules {
  rules() {
    return { content: vine.string().trim().minLength(1) }
  }
}
