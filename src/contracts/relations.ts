/*
 * adonis-kit
 *
 * Contracts of the relation managers of record pages.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { FormContract, FormFieldContract } from './form.ts'
import type { TableContract } from './table.ts'

/**
 * Contract id of a relation-manager entry. Frozen: a change of shape gets a
 * new id.
 */
export const RELATION_MANAGER_CONTRACT = 'kit.resources.relation-manager.v1'

/**
 * The chooser of the attach and associate forms: a remote searchable select.
 * Renderers GET `optionsUrl?search=<term>` (terms under 2 characters return
 * nothing; at most 50 options) and submit the chosen value as `record`.
 */
export interface RelationChooserContract {
  label: string
  optionsUrl: string
  /** Where the form is POSTed: `{ record, ...pivot fields }` */
  url: string
  /** Fields of the attach form (declared pivot attributes); empty for associate */
  fields: FormFieldContract[]
  columns: number
}

/**
 * One relation manager on an edit or view page.
 */
export interface RelationManagerContract {
  contract: 'kit.resources.relation-manager.v1'
  type: 'manager'
  /** The manager's name (its relationship); unique on the page */
  name: string
  label: string
  kind: 'hasOne' | 'hasMany' | 'manyToMany'
  /** On view pages (or without edit rights on the owner): no mutation actions */
  readOnly: boolean
  softDeletes: boolean
  /** Id of the group the manager belongs to, or null */
  group: string | null
  urls: {
    /** GET: this contract as JSON with the table state of the query string */
    index: string
    /** Template with `{record}`: GET the edit form, PATCH to update */
    record: string
  }
  /** Rows carry the declared columns, pivot columns as root attributes */
  table: TableContract
  /** The create form, when the user may create (null otherwise) */
  form: FormContract | null
  /** The attach chooser (many-to-many), when the user may attach */
  attach: RelationChooserContract | null
  /** The associate chooser (has-many with associates), when the user may associate */
  associate: RelationChooserContract | null
}

/**
 * A group of relation managers, rendered as tabs (only the active one).
 */
export interface RelationGroupContract {
  type: 'group'
  id: string
  title: string
  description: string | null
  icon: string | null
  contained: boolean
  /** Name of the manager shown first */
  defaultRelation: string
  managers: RelationManagerContract[]
}

/**
 * An entry of the `relations` prop.
 */
export type RelationEntryContract = RelationManagerContract | RelationGroupContract
