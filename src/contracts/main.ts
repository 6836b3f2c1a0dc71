/*
 * adonis-kit
 *
 * The serialized contracts: every prop the kit hands to Inertia follows one of
 * these types. The server serializers and the React/Vue renderers both import
 * this file; it imports nothing from the server. The contracts live in one
 * file per area, re-exported here.
 *
 * Every family a renderer draws by kind is a discriminated union built from
 * an interface keyed by that kind (`KitFieldContracts`, `KitColumnContracts`,
 * `KitFilterContracts`, `KitEntryContracts`, `KitLayoutContracts`,
 * `KitWidgetContracts`, `KitPageContracts`). A plugin adds a kind by
 * augmenting the interface:
 *
 *   declare module 'adonis-kit/contracts' {
 *     interface KitFieldContracts { rating: RatingFieldContract }
 *   }
 */

export type * from './actions.ts'
export type * from './audit.ts'
export type * from './account.ts'
export type * from './fields.ts'
export type * from './infolist.ts'
export type * from './layout.ts'
export type * from './navigation.ts'
export type * from './pages.ts'
export type * from './table.ts'
export type * from './values.ts'
export type * from './widgets.ts'
export type { KitStrings } from './strings.ts'
export type { KitJobContract } from './jobs.ts'
export type * from './notifications.ts'
export type * from './form.ts'
export { REPEATER_ITEM_KEY } from './form.ts'
export type * from './relations.ts'
export { RELATION_MANAGER_CONTRACT } from './relations.ts'
export { fillTemplate, formatMessage, translate } from './strings.ts'
