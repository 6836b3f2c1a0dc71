import { Head, Link } from '@inertiajs/react'
import type { AuditLinkContract, AuditPageContract, KitPageProps } from '../renderers/types.ts'
import { PanelShell } from './panel_shell.tsx'
import { ResourceBreadcrumbs } from './navigation.tsx'
import { KitIcon } from './icons.tsx'

/**
 * A record or user an entry names: a link when the user may open its page,
 * else its label.
 */
function AuditLink({ link }: { link: AuditLinkContract | null }) {
  if (!link) return null
  return link.url ? <Link href={link.url}>{link.label}</Link> : <>{link.label}</>
}

/**
 * A value of a change: a link to the related record it names when the user
 * may open it, else its text.
 */
function ChangeValue({ text, url }: { text: string; url?: string }) {
  return url ? <Link href={url}>{text}</Link> : <>{text}</>
}

/**
 * The audit pages: the History of one record (`kit/history`) and a panel's
 * activity list (`kit/activity`), newest first, each entry with its changed
 * fields (before and after). Every string comes from the server.
 */
export function AuditPage({
  audit,
  navigation,
  kitPanel,
}: {
  audit: AuditPageContract
  navigation?: KitPageProps['navigation']
  kitPanel?: KitPageProps['kitPanel']
}) {
  const { headings } = audit
  return (
    <PanelShell navigation={navigation} kitPanel={kitPanel}>
      <Head title={audit.title} />
      <main className="kit-main kit-audit">
        <ResourceBreadcrumbs items={audit.breadcrumbs} />
        <header className="kit-header">
          <h1>{audit.title}</h1>
          {audit.back ? (
            <div className="kit-header-actions">
              <Link href={audit.back.url} className="kit-button">
                {audit.back.label}
              </Link>
            </div>
          ) : null}
        </header>
        <section className="kit-table">
          {audit.entries.length === 0 ? (
            <div className="kit-empty kit-audit-empty">
              <div className="kit-empty-icon">
                <KitIcon name="clipboard-document-list" />
              </div>
              <p className="kit-empty-heading">{audit.empty}</p>
            </div>
          ) : (
            <div className="kit-table-scroll">
              <table>
                <caption className="kit-sr-only">{audit.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{headings.when}</th>
                    <th scope="col">{headings.user}</th>
                    {audit.kind === 'activity' ? <th scope="col">{headings.record}</th> : null}
                    <th scope="col">{headings.operation}</th>
                    <th scope="col">{headings.changes}</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.entries.map((entry) => (
                    <tr key={entry.id} data-audit-entry={entry.id}>
                      <td>
                        <time dateTime={entry.at}>{entry.when}</time>
                      </td>
                      <td>
                        <AuditLink link={entry.user} />
                      </td>
                      {audit.kind === 'activity' ? (
                        <td>
                          <AuditLink link={entry.record} />
                        </td>
                      ) : null}
                      <td>{entry.operation}</td>
                      <td>
                        {entry.changes.length ? (
                          <table className="kit-audit-changes">
                            <thead>
                              <tr>
                                <th scope="col">{headings.field}</th>
                                <th scope="col">{headings.old}</th>
                                <th scope="col">{headings.new}</th>
                              </tr>
                            </thead>
                            <tbody>
                              {entry.changes.map((change) => (
                                <tr key={change.field}>
                                  <th scope="row">{change.field}</th>
                                  <td
                                    className={
                                      change.oldEmpty
                                        ? 'kit-audit-old kit-audit-none'
                                        : 'kit-audit-old'
                                    }
                                  >
                                    <ChangeValue text={change.old} url={change.oldUrl} />
                                  </td>
                                  <td
                                    className={
                                      change.newEmpty
                                        ? 'kit-audit-new kit-audit-none'
                                        : 'kit-audit-new'
                                    }
                                  >
                                    <ChangeValue text={change.new} url={change.newUrl} />
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {audit.pagination.previous || audit.pagination.next ? (
            <nav className="kit-pagination">
              {audit.pagination.previous ? (
                <Link href={audit.pagination.previous.url} className="kit-button">
                  {audit.pagination.previous.label}
                </Link>
              ) : null}
              {audit.pagination.next ? (
                <Link href={audit.pagination.next.url} className="kit-button">
                  {audit.pagination.next.label}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </main>
    </PanelShell>
  )
}
