import { defineComponent, h, onBeforeUnmount, ref, watch, type Component, type PropType } from 'vue'
import { Head, Link, router, usePage } from '@inertiajs/vue3'
import type {
  ActionContract,
  AuditPageContract,
  DashboardContract,
  KitAccountContract,
  BreadcrumbItem,
  InfolistContract,
  KitErrorContract,
  KitJobContract,
  KitPageProps,
  KitStrings,
  FormContract,
  NavigationItem,
  KitPanelContract,
  RecordContract,
  RelationEntryContract,
  ResourceContract,
  SubNavigationItem,
  TableContract,
  TabBadgesContract,
  TabsContract,
  WidgetContract,
} from '../renderers/types.ts'
import {
  bagErrors,
  headerActionClass,
  versionedData,
  httpErrorMessage,
  otherErrors,
  tableQuery,
  tableUrl,
  isDestructive,
  rowConfirmation,
} from '../renderers/shared.ts'
import {
  ClusterNavigation,
  ResourceBreadcrumbs,
  ResourceSubNavigation,
  ResourceTabs,
} from './navigation.ts'
import { ResourceTable } from './resource_table.ts'
import { AuditPage } from './audit_page.ts'
import { DashboardPage } from './dashboard_page.ts'
import { AccountPage } from './account/account_page.ts'
import { ResourceForm } from './resource_form.ts'
import { Infolist, Widgets } from './content.ts'
import { RelationManagers } from './relation_managers.ts'
import { KitDialog, useConfirmation } from './dialog.ts'
import { useActionForm } from './form/action_form.ts'
import { actionFormVisit } from '../renderers/form_layout.ts'
import { PanelShell } from './panel_shell.ts'
import { useFlashToast } from './toasts.ts'
import { KitIcon } from './icons.ts'
import { JobProgressList, followJob } from './jobs/job_progress.ts'
import { ImportDialog } from './jobs/import_dialog.ts'
import { callJobAction, exportPayload, untrackedJob } from '../renderers/jobs.ts'
import { provideText, useText } from './text.ts'

type HttpExceptionEvent = CustomEvent<{ response: { status: number; data: unknown } }>

/**
 * Readable message of the last failed request (denied, missing, expired...),
 * in place of Inertia's default (the raw answer in a modal).
 */
export function useRequestFailures() {
  const t = useText()
  const message = ref<string | null>(null)
  const offs = [
    router.on('httpException', (event: HttpExceptionEvent) => {
      event.preventDefault()
      const { status, data } = event.detail.response
      message.value = httpErrorMessage(status, data, t)
    }),
    router.on('networkError', (event: Event) => {
      event.preventDefault()
      message.value = t('panel.networkError')
    }),
    router.on('start', () => (message.value = null)),
  ]
  onBeforeUnmount(() => offs.forEach((off) => off()))
  return message
}

/**
 * Every kit page: list (table, tabs, bulk actions), create and edit forms,
 * view pages (infolist), simple resources (forms in modals), with the
 * breadcrumbs, sub-navigation, widgets and relation managers the props
 * carry. Use it as the component of every `kit/*` Inertia page.
 */
const ResourcePageBody = defineComponent({
  name: 'ResourcePageBody',
  inheritAttrs: false,
  props: {
    resource: { type: Object as PropType<ResourceContract>, required: true },
    page: { type: Object as PropType<KitPageProps['page']>, required: true },
    breadcrumbs: { type: Array as PropType<BreadcrumbItem[]>, default: () => [] },
    kitPanel: { type: Object as PropType<KitPanelContract | null>, default: null },
    table: { type: Object as PropType<TableContract | null>, default: null },
    tabs: { type: Object as PropType<TabsContract | null>, default: null },
    tabBadges: { type: Object as PropType<TabBadgesContract | null>, default: null },
    headerActions: { type: Array as PropType<ActionContract[] | null>, default: null },
    form: { type: Object as PropType<FormContract | null>, default: null },
    editForm: { type: Object as PropType<FormContract | null>, default: null },
    parentRecord: { type: Object as PropType<KitPageProps['parentRecord'] | null>, default: null },
    relationManager: {
      type: Object as PropType<KitPageProps['relationManager'] | null>,
      default: null,
    },
    record: { type: Object as PropType<RecordContract | null>, default: null },
    historyUrl: { type: String as PropType<string | null>, default: null },
    errors: { type: Object as PropType<Record<string, unknown> | null>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash']>, default: null },
    infolist: { type: Object as PropType<InfolistContract | null>, default: null },
    subNavigation: { type: Array as PropType<SubNavigationItem[] | null>, default: null },
    headerWidgets: { type: Array as PropType<WidgetContract[] | null>, default: null },
    footerWidgets: { type: Array as PropType<WidgetContract[] | null>, default: null },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    relations: { type: Array as PropType<RelationEntryContract[] | null>, default: null },
    job: { type: Object as PropType<KitJobContract | null>, default: null },
  },
  setup(props) {
    const inertiaPage = usePage()
    const failure = useRequestFailures()
    const t = useText()
    useFlashToast(() => props.flash)
    /* a bulk action sent through Inertia that the server queued: follow its job */
    watch(
      () => props.job,
      (value) => {
        const job = untrackedJob(value)
        if (job) followJob(job, t)
      },
      { immediate: true }
    )
    const confirmation = useConfirmation()
    const actionForm = useActionForm()
    const creating = ref(false)

    const importing = ref<ActionContract | null>(null)
    const jobFailure = ref<string | null>(null)

    const runHeaderAction = (action: ActionContract) => {
      if (action.job === 'import') {
        importing.value = action
        return
      }
      if (action.job === 'export') {
        jobFailure.value = null
        callJobAction(action.url, exportPayload(props.table, props.tabs), t)
          .then((answer) => {
            if (answer.job) followJob(answer.job, t)
            else if (answer.errors) jobFailure.value = Object.values(answer.errors).join(' ')
          })
          .catch((error: Error) => (jobFailure.value = error.message))
        return
      }
      if (action.form) {
        actionForm.open({
          title: action.label,
          label: action.label,
          color: action.color,
          form: action.form,
          submit: (data, callbacks) =>
            router.visit(action.url, {
              method: action.method,
              data: versionedData(data, props.record?.version),
              preserveScroll: true,
              preserveState: true,
              ...actionFormVisit(callbacks),
            }),
        })
        return
      }
      const run = () =>
        router.visit(action.url, {
          method: action.method,
          data: versionedData({}, props.record?.version),
          preserveScroll: true,
          preserveState: true,
        })
      if (action.requiresConfirmation)
        confirmation.ask({
          message: props.record
            ? rowConfirmation(action, props.record.title, t)
            : `${action.label}?`,
          label: action.label,
          color: isDestructive(action) ? 'red' : action.color,
          run,
        })
      else run()
    }
    const closeCreate = () => (creating.value = false)
    /* the edit form belongs to the URL (?edit=<key>): closing it leaves that URL */
    const closeEdit = () => {
      const [path, search = ''] = inertiaPage.url.split('?')
      const query = new URLSearchParams(search)
      query.delete('edit')
      const rest = query.toString()
      router.visit(rest ? `${path}?${rest}` : path, {
        preserveScroll: true,
        preserveState: true,
        replace: true,
      })
    }

    return () => {
      const { resource, page, table, tabs, errors, flash, editForm } = props
      /* a manage page (simple resource): the list, with its forms in modals */
      const form = table ? null : props.form
      const createForm = table ? props.form : null
      const modalOpen = creating.value || !!editForm
      const path = inertiaPage.url.split('?')[0]

      const create = createForm
        ? h(
            'button',
            {
              type: 'button',
              class: 'kit-button kit-button-primary',
              onClick: () => (creating.value = true),
            },
            [h(KitIcon, { name: 'plus' }), t('action.new', { label: resource.label })]
          )
        : table && resource.urls.create
          ? h(Link, { href: resource.urls.create, class: 'kit-button kit-button-primary' }, () => [
              h(KitIcon, { name: 'plus' }),
              t('action.new', { label: resource.label }),
            ])
          : null

      return h(PanelShell, { navigation: props.navigation, kitPanel: props.kitPanel }, () => [
        h(Head, { title: page.documentTitle }),
        h('main', { class: 'kit-main' }, [
          h(ResourceBreadcrumbs, { items: props.breadcrumbs }),
          h('header', { class: 'kit-header' }, [
            h('h1', page.heading),
            h('div', { class: 'kit-header-actions' }, [
              props.historyUrl
                ? h(Link, { href: props.historyUrl, class: 'kit-button' }, () =>
                    t('audit.history.link')
                  )
                : null,
              create,
              ...(props.headerActions ?? []).map((action) =>
                /* a kit page (the record's edit page): an Inertia visit */
                action.method === 'get' && action.hosted
                  ? h(
                      Link,
                      {
                        key: action.name,
                        href: action.url,
                        class: headerActionClass(action.color),
                      },
                      () => action.label
                    )
                  : action.method === 'get'
                    ? h(
                        'a',
                        {
                          key: action.name,
                          href: action.url,
                          class: headerActionClass(action.color),
                        },
                        action.label
                      )
                    : h(
                        'button',
                        {
                          key: action.name,
                          type: 'button',
                          class: headerActionClass(action.color),
                          onClick: () => runHeaderAction(action),
                        },
                        action.label
                      )
              ),
            ]),
          ]),
          h('div', { class: 'kit-messages' }, [
            flash?.error
              ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, flash.error)
              : null,
            ...(form || modalOpen
              ? []
              : otherErrors(bagErrors(errors, null), []).map((message) =>
                  h(
                    'p',
                    { key: message, role: 'alert', class: 'kit-alert kit-color-danger' },
                    message
                  )
                )),
            failure.value
              ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, failure.value)
              : null,
            jobFailure.value
              ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, jobFailure.value)
              : null,
            h(JobProgressList),
          ]),
          h(ClusterNavigation, { items: props.navigation }),
          h(ResourceSubNavigation, { items: props.subNavigation }),
          h(Widgets, { widgets: props.headerWidgets, label: t('panel.summary') }),
          ...(table
            ? [
                h(ResourceTabs, {
                  tabs,
                  badges: props.tabBadges,
                  hrefFor: (key: string) => tableUrl(path, tableQuery(table, tabs, { tab: key })),
                  label: t('panel.tabs'),
                }),
                h(
                  ResourceTable,
                  { table, tabs, path, label: resource.pluralLabel },
                  { empty: () => create }
                ),
              ]
            : []),
          form ? h(ResourceForm, { form, errors, errorBag: 'form' }) : null,
          h(Infolist, { infolist: props.infolist }),
          h(RelationManagers, {
            /* a ManageRelatedRecords page hosts one manager */
            relations:
              props.relations ??
              (props.relationManager?.manager ? [props.relationManager.manager] : null),
            errors,
            onChanged: () => router.reload({ only: ['relations', 'form'] }),
          }),
          h(Widgets, { widgets: props.footerWidgets, label: t('panel.more') }),
          creating.value && createForm
            ? h(
                KitDialog,
                {
                  title: t('action.new', { label: resource.label }),
                  closeOnInteractOutside: false,
                  onClose: closeCreate,
                },
                () => [
                  h(ResourceForm, {
                    form: createForm,
                    errors,
                    errorBag: 'form',
                    cancellable: true,
                    onCancel: closeCreate,
                    onSuccess: closeCreate,
                  }),
                ]
              )
            : null,
          editForm
            ? h(
                KitDialog,
                {
                  title: t('action.editLabel', { label: resource.label }),
                  closeOnInteractOutside: false,
                  onClose: closeEdit,
                },
                () => [
                  h(ResourceForm, {
                    key: editForm.action.url,
                    form: editForm,
                    errors,
                    errorBag: 'editForm',
                    cancellable: true,
                    onCancel: closeEdit,
                  }),
                ]
              )
            : null,
          confirmation.render(),
          actionForm.render(),
          importing.value
            ? h(ImportDialog, { action: importing.value, onClose: () => (importing.value = null) })
            : null,
        ]),
      ])
    }
  },
})

/**
 * The kit's error page (`kit/error`): a 404 or 403 of a page loaded
 * directly, in the panel's layout, with a link back.
 */
export const KitErrorPage = defineComponent({
  name: 'KitErrorPage',
  props: {
    error: { type: Object as PropType<KitErrorContract>, required: true },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: {
      type: Object as PropType<KitPanelContract | null>,
      default: null,
    },
  },
  setup(props) {
    return () =>
      h(PanelShell, { navigation: props.navigation, kitPanel: props.kitPanel }, () => [
        h(Head, { title: props.error.title }),
        h('main', { class: 'kit-main' }, [
          h('header', { class: 'kit-header' }, [h('h1', props.error.title)]),
          h('div', { class: 'kit-messages' }, [
            h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, props.error.message),
          ]),
          h('p', [
            h(
              Link,
              { href: props.error.back.url, class: 'kit-button' },
              () => props.error.back.label
            ),
          ]),
        ]),
      ])
  },
})

/**
 * The page of every kit route (`kit/*`): the resource page its props
 * describe, or the kit's error page.
 */
export const ResourcePage = defineComponent({
  name: 'ResourcePage',
  inheritAttrs: false,
  props: {
    kitError: { type: Object as PropType<KitErrorContract | null>, default: null },
    kitAudit: { type: Object as PropType<AuditPageContract | null>, default: null },
    kitAccount: { type: Object as PropType<KitAccountContract | null>, default: null },
    kitDashboard: { type: Object as PropType<DashboardContract | null>, default: null },
    dashboardWidgets: {
      type: Object as PropType<Record<string, WidgetContract> | null>,
      default: null,
    },
    strings: { type: Object as PropType<KitStrings | null>, default: null },
    locale: { type: String as PropType<string | null>, default: null },
  },
  setup(props, { attrs }) {
    provideText(() => props)
    return () =>
      props.kitError
        ? h(KitErrorPage, {
            error: props.kitError,
            navigation: (attrs.navigation as NavigationItem[] | undefined) ?? null,
            kitPanel: (attrs.kitPanel as KitPageProps['kitPanel']) ?? null,
          })
        : props.kitAccount
          ? h(AccountPage, { ...attrs, account: props.kitAccount })
          : props.kitDashboard
            ? h(DashboardPage, {
                dashboard: props.kitDashboard,
                widgets: props.dashboardWidgets,
                navigation: (attrs.navigation as NavigationItem[] | undefined) ?? null,
                kitPanel: (attrs.kitPanel as KitPageProps['kitPanel']) ?? null,
              })
            : props.kitAudit
              ? h(AuditPage, {
                  audit: props.kitAudit,
                  navigation: (attrs.navigation as NavigationItem[] | undefined) ?? null,
                  kitPanel: (attrs.kitPanel as KitPageProps['kitPanel']) ?? null,
                })
              : h(ResourcePageBody as Component, attrs)
  },
})

/**
 * No layout of the application around kit pages: the panel draws its own
 * shell. Inertia applies a page's own `layout` instead of the one the
 * application's resolver (`resolvePageComponent(..., layout)`) or
 * `createInertiaApp({ layout })` gives, and an empty list is no layout.
 */
Object.assign(ResourcePage, { layout: [] })
