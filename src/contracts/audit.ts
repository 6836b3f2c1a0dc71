import type { BreadcrumbItem } from './pages.ts'

/**
 * One changed attribute of an audit entry, formatted for display (hidden
 * attributes carry the translated "hidden" label instead of a value).
 */
export interface AuditChangeContract {
  field: string
  /** The value before, as the form and table show it (Yes/No, a date in the panel's zone, an option label, a related record's title) */
  old: string
  new: string
  /** The page of the related record `old` names, when the user may open it */
  oldUrl?: string
  /** The page of the related record `new` names, when the user may open it */
  newUrl?: string
  /** `old` says the value was empty ("Empty") */
  oldEmpty?: boolean
  /** `new` says the value is empty ("Empty") */
  newEmpty?: boolean
}

/**
 * A record (or a user) an audit entry names: its title, or its key only when
 * the user may not see it, and the page the user may open, or null.
 */
export interface AuditLinkContract {
  label: string
  url: string | null
}

/**
 * One audit entry as the history and activity pages show it.
 */
export interface AuditEntryContract {
  id: number
  /** When, formatted in the panel's locale and time zone */
  when: string
  /** ISO time, for a `<time datetime>` */
  at: string
  /** The acting user: its configured title (linked when the panel has its resource), or "User #id" */
  user: AuditLinkContract
  /** The translated operation ("Updated", "Attached to labels") */
  operation: string
  /**
   * The record (activity list): its title and its edit or view URL when the
   * user may see it, else its resource and key only
   */
  record: AuditLinkContract | null
  changes: AuditChangeContract[]
}

/**
 * The `kitAudit` prop of the history page of a record (`kit/history`) and
 * of a panel's activity list (`kit/activity`). Every string is translated
 * on the server.
 */
export interface AuditPageContract {
  kind: 'history' | 'activity'
  title: string
  back: { url: string; label: string } | null
  /** The panel's breadcrumbs: the list, the record (History), then the page */
  breadcrumbs: BreadcrumbItem[]
  headings: {
    when: string
    user: string
    operation: string
    record: string
    changes: string
    field: string
    old: string
    new: string
  }
  empty: string
  entries: AuditEntryContract[]
  pagination: {
    previous: { url: string; label: string } | null
    next: { url: string; label: string } | null
  }
}
