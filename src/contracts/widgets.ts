/*
 * adonis-kit
 *
 * Contracts of the widgets of a page.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { SerializableValue } from './values.ts'

/**
 * One number of a stats widget.
 */
export interface StatContract {
  label: string
  value: SerializableValue
  description: string | null
}

/**
 * A stats widget: numbers computed on the server.
 */
export interface StatsWidgetContract {
  type: 'stats'
  id: string
  label: string | null
  stats: StatContract[]
}

/**
 * The widgets by contract `type`. A plugin adds its own by augmenting this
 * interface (`declare module 'adonis-kit/contracts'`); each renderer's
 * registry must then hold a widget component for it.
 */
export interface KitWidgetContracts {
  stats: StatsWidgetContract
}

/**
 * A serialized widget: one of `KitWidgetContracts`, told apart by `type`.
 */
export type WidgetContract = KitWidgetContracts[keyof KitWidgetContracts]
