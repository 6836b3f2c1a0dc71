import emitter from '@adonisjs/core/services/emitter'
import Project from './app/app/models/project.ts'
import Contact from './app/app/models/contact.ts'
import type User from './app/app/models/user.ts'

export { Project, Contact }

let sequence = 0

/**
 * Create a project.
 */
export function createProject(owner: User, attributes: Partial<Project> = {}) {
  sequence++
  return Project.create({
    name: `Project ${sequence}`,
    code: `P-${sequence}`,
    visibility: 'private',
    summary: `Summary ${sequence}`,
    secretToken: `token-${sequence}`,
    ownerId: owner.id,
    ...attributes,
  })
}

/**
 * Create a contact.
 */
export function createContact(owner: User, attributes: Partial<Contact> = {}) {
  sequence++
  return Contact.create({
    name: `Contact ${sequence}`,
    email: `contact${sequence}@example.com`,
    ownerId: owner.id,
    ...attributes,
  })
}

/**
 * Count the SQL queries a callback runs.
 */
export async function countQueries<T>(callback: () => Promise<T>) {
  let count = 0
  const listener = () => {
    count++
  }
  emitter.on('db:query', listener)
  try {
    const result = await callback()
    return { count, result }
  } finally {
    emitter.off('db:query', listener)
  }
}
