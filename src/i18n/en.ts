/**
 * The English strings of the kit: the built-in catalog and the list of every
 * key. Messages use `{name}` placeholders; a key whose text depends on a
 * count has one entry per plural category (`.one`, `.other`, and the
 * categories other languages need), picked with `Intl.PluralRules`.
 *
 * Applications translate or override any of them with `@adonisjs/i18n`:
 * `resources/lang/<locale>/kit.json` holding the same keys (the identifier
 * is `kit.<key>`).
 */
export const en = {
  /* panel chrome */
  'panel.navigation': 'Navigation',
  'panel.openNavigation': 'Open navigation',
  'panel.closeNavigation': 'Close navigation',
  'panel.breadcrumb': 'Breadcrumb',
  'panel.userMenu': 'User menu',
  'panel.theme': 'Theme',
  'panel.theme.light': 'Light',
  'panel.theme.dark': 'Dark',
  'panel.theme.system': 'System',
  'panel.recordPages': 'Record pages',
  'panel.tabs': 'Tabs',
  'panel.summary': 'Summary',
  'panel.more': 'More',
  'panel.loading': 'Loading…',
  'panel.notifications': 'Notifications',
  'panel.dismiss': 'Dismiss',
  /* global search */
  'search.label': 'Search everything',
  'search.placeholder': 'Search…',
  'search.shortcut': 'Press / to search',
  'search.results.one': '{count} result',
  'search.results.other': '{count} results',
  'search.noResults': 'No results',
  /* tables */
  'table.search': 'Search',
  'table.filters': 'Filters',
  'table.resetFilters': 'Reset filters',
  'table.removeFilter': 'Remove filter {label}',
  'table.all': 'All',
  'table.yes': 'Yes',
  'table.no': 'No',
  'table.actions': 'Actions',
  'table.moreActions': 'More actions',
  'table.columns': 'Columns',
  'table.toggleColumn': 'Show column {label}',
  'table.selectAll': 'Select all rows on this page',
  'table.selectRow': 'Select {title}',
  'table.selected.one': '{count} record selected',
  'table.selected.other': '{count} records selected',
  'table.selectAllMatching': 'Select all {total} matching records',
  'table.clearSelection': 'Clear selection',
  'table.bulkActions': 'Bulk actions',
  'table.empty': 'No records found.',
  'table.emptyHint': 'Create a record to get started.',
  'table.copy': 'Copy',
  'table.copied': 'Copied',
  'table.trashed': 'Trashed',
  'table.editValue': 'Edit {label} of {title}',
  /* pagination */
  'pagination.label': 'Pagination',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.page': 'Page {page}',
  'pagination.perPage': 'Per page',
  'pagination.range': 'Showing {from} to {to} of {total}',
  'pagination.rangeWithoutTotal': 'Showing {from} to {to}',
  /* built-in actions */
  'action.create': 'Create',
  'action.createLabel': 'Create {label}',
  'action.new': 'New {label}',
  'action.edit': 'Edit',
  'action.editLabel': 'Edit {label}',
  'action.view': 'View',
  'action.delete': 'Delete',
  'action.restore': 'Restore',
  'action.forceDelete': 'Delete permanently',
  'action.attach': 'Attach',
  'action.detach': 'Detach',
  'action.associate': 'Associate',
  'action.dissociate': 'Dissociate',
  'action.save': 'Save changes',
  'action.cancel': 'Cancel',
  'action.confirm': 'Confirm',
  'action.close': 'Close',
  'action.back': 'Back',
  /* confirmations */
  'confirm.title': 'Please confirm',
  'confirm.delete': 'Delete {title}?',
  'confirm.forceDelete': 'Delete {title} permanently? This cannot be undone.',
  'confirm.bulk.one': 'Run "{action}" on {count} record?',
  'confirm.bulk.other': 'Run "{action}" on {count} records?',
  /* forms */
  'form.saving': 'Saving…',
  'form.unsaved': 'You have unsaved changes. Leave this page?',
  'form.required': 'Required',
  'form.chosen': 'Chosen {label}',
  'form.remove': 'Remove {label}',
  'form.options.one': '{count} option',
  'form.options.other': '{count} options',
  'form.noOptions': 'No options found',
  'form.searchOptions': 'Type to search',
  'form.newOption': 'New {label}',
  'form.editOption': 'Edit {label}',
  'form.pickDate': 'Pick a date',
  /* server messages */
  'message.created': '{label} "{title}" created',
  'message.saved': '{label} "{title}" saved',
  'message.deleted': '{label} "{title}" deleted',
  'message.restored': '{label} "{title}" restored',
  'message.forceDeleted': '{label} "{title}" deleted permanently',
  'message.updated': '{label} "{title}" updated',
  'message.optionSaved': '"{label}" saved',
  'message.done': 'Done',
  'message.action': '{action}: {label} "{title}"',
  'message.bulk': '{affected} affected, {refused} refused',
  'message.relation': '{manager}: "{title}" {done}',
  'message.relation.created': 'created',
  'message.relation.saved': 'saved',
  'message.relation.updated': 'updated',
  'message.relation.deleted': 'deleted',
  'message.relation.forceDeleted': 'deleted permanently',
  'message.relation.restored': 'restored',
  'message.relation.attached': 'attached',
  'message.relation.detached': 'detached',
  'message.relation.associated': 'associated',
  'message.relation.dissociated': 'dissociated',
  'message.conflict': 'This value was changed by someone else since the form was loaded',
  'message.notFound': 'Not found',
  'message.forbidden': 'You may not do this',
  /* headings */
  'heading.create': 'Create {label}',
  /* error page */
  'error.notFound.title': 'Not found',
  'error.notFound.body': 'This record does not exist or is out of your reach.',
  'error.forbidden.title': 'Not allowed',
  'error.forbidden.body': 'You are not allowed to see this page.',
  'error.failed.title': 'Request failed',
  'error.failed.body': 'The request failed.',
  'error.back': 'Back to {label}',
  'error.home': 'Back to the start page',
} as const

/**
 * Every key of the kit's catalog.
 */
export type KitMessageKey = keyof typeof en

/**
 * A complete catalog: every key of the English one.
 */
export type KitCatalog = Record<KitMessageKey, string>
