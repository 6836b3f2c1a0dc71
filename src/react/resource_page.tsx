import { Head, Link, router, usePage } from '@inertiajs/react'
import { useEffect, useState } from 'react'
import type { ActionContract, KitPageProps } from '../renderers/types.ts'
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
} from './navigation.tsx'
import { ResourceTable } from './resource_table.tsx'
import { ResourceForm } from './resource_form.tsx'
import { Infolist, Widgets } from './content.tsx'
import { RelationManagers } from './relation_managers.tsx'
import { KitDialog, useConfirmation } from './dialog.tsx'
import { useActionForm } from './form/action_form.tsx'
import { actionFormVisit } from '../renderers/form_layout.ts'
import { PanelShell } from './panel_shell.tsx'
import { AuditPage } from './audit_page.tsx'
import { DashboardPage } from './dashboard_page.tsx'
import { AccountPage } from './account/account_page.tsx'
import { useFlashToast } from './toasts.tsx'
import { KitIcon } from './icons.tsx'
import { KitTextProvider, useText } from './text.tsx'
import { JobProgressList, followJob } from './jobs/job_progress.tsx'
import { ImportDialog } from './jobs/import_dialog.tsx'
import { callJobAction, exportPayload, untrackedJob } from '../renderers/jobs.ts'

type HttpExceptionEvent = CustomEvent<{ response: { status: number; data: unknown } }>

/**
 * Readable message of the last failed request (denied, missing, expired...).
 * Inertia's default (the raw answer in a modal) is replaced by it.
 */
export function useRequestFailures() {
  const t = useText()
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => {
    const offException = router.on('httpException', (event: HttpExceptionEvent) => {
      event.preventDefault()
      const response = event.detail.response
      setMessage(httpErrorMessage(response.status, response.data, t))
    })
    const offNetwork = router.on('networkError', (event: Event) => {
      event.preventDefault()
      setMessage(t('panel.networkError'))
    })
    const offStart = router.on('start', () => setMessage(null))
    return () => {
      offException()
      offNetwork()
      offStart()
    }
  }, [t])
  return message
}

/**
 * Every kit page: list (table, tabs, bulk actions), create and edit forms,
 * view pages (infolist), simple resources (forms in modals), with the
 * breadcrumbs, sub-navigation, widgets and relation managers the props
 * carry. Use it as the component of every `kit/*` Inertia page.
 */
export function ResourcePage(props: KitPageProps) {
  return (
    <KitTextProvider strings={props.strings} locale={props.locale}>
      {props.kitError ? (
        <KitErrorPage
          error={props.kitError}
          navigation={props.navigation}
          kitPanel={props.kitPanel}
        />
      ) : props.kitAccount ? (
        <AccountPage {...props} account={props.kitAccount} />
      ) : props.kitDashboard ? (
        <DashboardPage
          dashboard={props.kitDashboard}
          widgets={props.dashboardWidgets}
          navigation={props.navigation}
          kitPanel={props.kitPanel}
        />
      ) : props.kitAudit ? (
        <AuditPage audit={props.kitAudit} navigation={props.navigation} kitPanel={props.kitPanel} />
      ) : (
        <ResourcePageBody {...props} />
      )}
    </KitTextProvider>
  )
}

/**
 * No layout of the application around kit pages: the panel draws its own
 * shell. Inertia applies a page's own `layout` instead of the one the
 * application's resolver (`resolvePageComponent(..., layout)`) or
 * `createInertiaApp({ layout })` gives, and an empty list is no layout.
 */
ResourcePage.layout = [] as never[]

/**
 * The kit's error page (`kit/error`): a 404 or 403 of a page loaded
 * directly, in the panel's layout, with a link back.
 */
export function KitErrorPage({
  error,
  navigation,
  kitPanel,
}: {
  error: NonNullable<KitPageProps['kitError']>
  navigation?: KitPageProps['navigation']
  kitPanel?: KitPageProps['kitPanel']
}) {
  return (
    <PanelShell navigation={navigation} kitPanel={kitPanel}>
      <Head title={error.title} />
      <main className="kit-main">
        <header className="kit-header">
          <h1>{error.title}</h1>
        </header>
        <div className="kit-messages">
          <p role="alert" className="kit-alert kit-color-danger">
            {error.message}
          </p>
        </div>
        <p>
          <Link href={error.back.url} className="kit-button">
            {error.back.label}
          </Link>
        </p>
      </main>
    </PanelShell>
  )
}

function ResourcePageBody(props: KitPageProps) {
  const { resource, page, table, tabs, errors, flash, editForm } = props
  const current = usePage()
  const path = current.url.split('?')[0]
  const failure = useRequestFailures()
  const t = useText()
  useFlashToast(flash)
  /* a bulk action sent through Inertia that the server queued: follow its job */
  useEffect(() => {
    const job = untrackedJob(props.job)
    if (job) followJob(job, t)
  }, [props.job])
  const confirmation = useConfirmation()
  const actionForm = useActionForm()
  /* a manage page (simple resource): the list, with its forms in modals */
  const manage = !!table
  const form = manage ? undefined : props.form
  const createForm = manage ? props.form : undefined
  const [creating, setCreating] = useState(false)
  const modalOpen = creating || !!editForm

  const [importing, setImporting] = useState<ActionContract | null>(null)
  const [jobFailure, setJobFailure] = useState<string | null>(null)

  const runHeaderAction = (action: ActionContract) => {
    if (action.job === 'import') {
      setImporting(action)
      return
    }
    if (action.job === 'export') {
      setJobFailure(null)
      callJobAction(action.url, exportPayload(table, tabs), t)
        .then((answer) => {
          if (answer.job) followJob(answer.job, t)
          else if (answer.errors) setJobFailure(Object.values(answer.errors).join(' '))
        })
        .catch((error: Error) => setJobFailure(error.message))
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
    if (action.requiresConfirmation) {
      confirmation.ask({
        message: props.record ? rowConfirmation(action, props.record.title, t) : `${action.label}?`,
        label: action.label,
        color: isDestructive(action) ? 'red' : action.color,
        run,
      })
    } else {
      run()
    }
  }

  const closeCreate = () => setCreating(false)
  /* the edit form belongs to the URL (?edit=<key>): closing it leaves that URL */
  const closeEdit = () => {
    const query = new URLSearchParams(current.url.split('?')[1] ?? '')
    query.delete('edit')
    const search = query.toString()
    router.visit(search ? `${path}?${search}` : path, {
      preserveScroll: true,
      preserveState: true,
      replace: true,
    })
  }

  const createAction = createForm ? (
    <button
      type="button"
      className="kit-button kit-button-primary"
      onClick={() => setCreating(true)}
    >
      <KitIcon name="plus" />
      {t('action.new', { label: resource.label })}
    </button>
  ) : table && resource.urls.create ? (
    <Link href={resource.urls.create} className="kit-button kit-button-primary">
      <KitIcon name="plus" />
      {t('action.new', { label: resource.label })}
    </Link>
  ) : null

  return (
    <PanelShell navigation={props.navigation} kitPanel={props.kitPanel}>
      <Head title={page.documentTitle} />
      <main className="kit-main">
        <ResourceBreadcrumbs items={props.breadcrumbs} />
        <header className="kit-header">
          <h1>{page.heading}</h1>
          <div className="kit-header-actions">
            {props.historyUrl ? (
              <Link href={props.historyUrl} className="kit-button">
                {t('audit.history.link')}
              </Link>
            ) : null}
            {createAction}
            {(props.headerActions ?? []).map((action) =>
              /* a kit page (the record's edit page): an Inertia visit */
              action.method === 'get' && action.hosted ? (
                <Link
                  key={action.name}
                  href={action.url}
                  className={headerActionClass(action.color)}
                >
                  {action.label}
                </Link>
              ) : action.method === 'get' ? (
                <a key={action.name} href={action.url} className={headerActionClass(action.color)}>
                  {action.label}
                </a>
              ) : (
                <button
                  key={action.name}
                  type="button"
                  className={headerActionClass(action.color)}
                  onClick={() => runHeaderAction(action)}
                >
                  {action.label}
                </button>
              )
            )}
          </div>
        </header>

        <div className="kit-messages">
          {flash?.error ? (
            <p role="alert" className="kit-alert kit-color-danger">
              {flash.error}
            </p>
          ) : null}
          {!form && !modalOpen
            ? otherErrors(bagErrors(errors, null), []).map((message) => (
                <p key={message} role="alert" className="kit-alert kit-color-danger">
                  {message}
                </p>
              ))
            : null}
          {failure ? (
            <p role="alert" className="kit-alert kit-color-danger">
              {failure}
            </p>
          ) : null}
          {jobFailure ? (
            <p role="alert" className="kit-alert kit-color-danger">
              {jobFailure}
            </p>
          ) : null}
          <JobProgressList />
        </div>

        <ClusterNavigation items={props.navigation} />
        <ResourceSubNavigation items={props.subNavigation} />
        <Widgets widgets={props.headerWidgets} label={t('panel.summary')} />

        {table ? (
          <>
            <ResourceTabs
              tabs={tabs}
              badges={props.tabBadges}
              hrefFor={(key) => tableUrl(path, tableQuery(table, tabs, { tab: key }))}
              label={t('panel.tabs')}
            />
            <ResourceTable
              table={table}
              tabs={tabs}
              path={path}
              label={resource.pluralLabel}
              emptyAction={createAction}
            />
          </>
        ) : null}

        {form ? <ResourceForm form={form} errors={errors} errorBag="form" /> : null}
        <Infolist infolist={props.infolist} />

        <RelationManagers
          relations={
            props.relations ??
            (props.relationManager?.manager ? [props.relationManager.manager] : null)
          }
          errors={errors}
          onChanged={() => router.reload({ only: ['relations', 'form'] })}
        />

        <Widgets widgets={props.footerWidgets} label={t('panel.more')} />

        {creating && createForm ? (
          <KitDialog
            title={t('action.new', { label: resource.label })}
            onClose={closeCreate}
            closeOnInteractOutside={false}
          >
            <ResourceForm
              form={createForm}
              errors={errors}
              errorBag="form"
              onCancel={closeCreate}
              onSuccess={closeCreate}
            />
          </KitDialog>
        ) : null}
        {editForm ? (
          <KitDialog
            title={t('action.editLabel', { label: resource.label })}
            onClose={closeEdit}
            closeOnInteractOutside={false}
          >
            <ResourceForm
              form={editForm}
              errors={errors}
              errorBag="editForm"
              onCancel={closeEdit}
            />
          </KitDialog>
        ) : null}
        {confirmation.element}
        {actionForm.element}
        {importing ? <ImportDialog action={importing} onClose={() => setImporting(null)} /> : null}
      </main>
    </PanelShell>
  )
}
