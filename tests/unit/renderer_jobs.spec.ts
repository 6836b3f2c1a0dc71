import { test } from '@japa/runner'
import type { KitJobContract, TableContract } from '../../src/contracts/main.ts'
import {
  exportPayload,
  jobFinished,
  jobLinks,
  jobToast,
  toastLinks,
  trackJob,
  dismissJob,
  untrackedJob,
} from '../../src/renderers/jobs.ts'
import { kitText } from '../../src/renderers/text.ts'
import { en } from '../../src/i18n/en.ts'

const t = kitText(en, 'en')

function job(overrides: Partial<KitJobContract> = {}): KitJobContract {
  return {
    id: 'j1',
    kind: 'export',
    status: 'completed',
    total: 3,
    processed: 3,
    failed: 0,
    percent: 100,
    statusUrl: '/admin/_kit/jobs/j1',
    downloadUrl: '/admin/_kit/jobs/j1/download?signature=s',
    reportUrl: null,
    message: 'Export ready: 3 rows',
    error: null,
    result: null,
    ...overrides,
  }
}

test.group('Renderers | background jobs', () => {
  test('an export sends the table as shown: search, filters, tab and sort', ({ assert }) => {
    const table = {
      search: 'alpha',
      sort: { column: 'title', direction: 'desc' },
      filters: [
        { name: 'status', value: 'draft' },
        { name: 'author', value: null },
      ],
      parameters: {
        search: 'search',
        sort: 'sort',
        direction: 'direction',
        filters: 'filters',
        tab: 'tab',
      },
    } as unknown as TableContract
    assert.deepEqual(exportPayload(table, { active: 'drafts' } as any), {
      search: 'alpha',
      filters: { status: 'draft' },
      tab: 'drafts',
      sort: 'title',
      direction: 'desc',
    })
    assert.deepEqual(exportPayload(null, null), {})
  })

  test('a finished job: its links, its toast; a running one is not finished', ({ assert }) => {
    assert.isTrue(jobFinished(job()))
    assert.isTrue(jobFinished(job({ status: 'failed' })))
    assert.isFalse(jobFinished(job({ status: 'running' })))
    assert.deepEqual(jobLinks(job(), t), [
      { href: '/admin/_kit/jobs/j1/download?signature=s', label: 'Download', kind: 'download' },
    ])
    const report = job({ kind: 'import', downloadUrl: null, reportUrl: '/r' })
    assert.deepEqual(jobLinks(report, t), [
      { href: '/r', label: 'Download the report', kind: 'report' },
    ])
    const toast = jobToast(job(), t)
    assert.equal(toast.description, 'Export ready: 3 rows')
    assert.equal(toast.type, 'success')
    assert.deepEqual(toastLinks(toast.meta), jobLinks(job(), t))
    assert.equal(jobToast(job({ status: 'failed' }), t).type, 'error')
    assert.deepEqual(toastLinks(undefined), [])
    assert.deepEqual(toastLinks({ links: 'nope' }), [])
  })

  test('a job a page brings is followed once: not when the page already follows it', ({
    assert,
  }) => {
    assert.isNull(untrackedJob(null))
    assert.isNull(untrackedJob(undefined))
    const brought = job({ id: 'j-page', status: 'completed' })
    assert.strictEqual(untrackedJob(brought), brought)
    let finished = 0
    trackJob(brought, () => finished++)
    assert.equal(finished, 1)
    assert.isNull(untrackedJob(brought))
    dismissJob('j-page')
    assert.strictEqual(untrackedJob(brought), brought)
  })
})
