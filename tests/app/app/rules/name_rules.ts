import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * A single required name (stickers, documents, charters use `name`/`title`/`body`).
 */
export class StickerRules extends Rules {
  rules() {
    return { name: vine.string().trim().minLength(1).maxLength(100) }
  }
}

export class DocumentRules extends Rules {
  rules() {
    return { title: vine.string().trim().minLength(1).maxLength(100) }
  }
}

export class CharterRules extends Rules {
  rules() {
    return {
      body: vine.string().trim().minLength(1).maxLength(255),
      projectId: vine.number().optional(),
    }
  }
}

/**
 * Team members created and renamed through a select's option forms. Declares
 * `teamId` on purpose: the kit must write the tenant's key, never the input's.
 */
export class MemberRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(1).maxLength(100),
      teamId: vine.number().optional(),
    }
  }
}

/**
 * The body of a board note.
 */
export class NoteBodyRules extends Rules {
  rules() {
    return { body: vine.string().trim().minLength(1).maxLength(255) }
  }
}
