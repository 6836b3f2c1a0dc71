import { defineComponent, h, onBeforeUnmount, shallowRef } from 'vue'
import { router } from '@inertiajs/vue3'
import type { KitJobContract } from '../../contracts/main.ts'
import {
  dismissJob,
  jobFinished,
  jobLinks,
  jobToast,
  subscribeJobs,
  trackJob,
  trackedJobs,
} from '../../renderers/jobs.ts'
import type { KitText } from '../../renderers/text.ts'
import { KitIcon } from '../icons.ts'
import { kitToaster } from '../toasts.ts'
import { useText } from '../text.ts'

/**
 * Follow a job an action started: a progress bar while it runs, then a
 * toast with its result (and the page's data reloaded when it wrote).
 */
export function followJob(job: KitJobContract, t: KitText) {
  trackJob(job, (finished) => {
    kitToaster.create(jobToast(finished, t))
    if (finished.kind !== 'export') router.reload()
  })
}

/**
 * The jobs the page follows: each one a progress bar (`role="progressbar"`
 * with `aria-valuenow`) and its message; a finished one shows its links
 * until dismissed.
 */
export const JobProgressList = defineComponent({
  name: 'KitJobProgressList',
  setup() {
    const t = useText()
    const jobs = shallowRef<KitJobContract[]>(trackedJobs())
    const unsubscribe = subscribeJobs((next) => (jobs.value = next))
    onBeforeUnmount(unsubscribe)
    return () =>
      jobs.value.length
        ? h(
            'div',
            { 'class': 'kit-jobs', 'role': 'region', 'aria-label': t('job.progress') },
            jobs.value.map((job) =>
              h(
                'div',
                {
                  'key': job.id,
                  'class': `kit-job kit-job-${job.status}`,
                  'data-job': job.id,
                  'data-status': job.status,
                },
                [
                  h('div', { class: 'kit-job-head' }, [
                    h('span', { class: 'kit-job-message', role: 'status' }, job.message),
                    jobFinished(job)
                      ? h(
                          'button',
                          {
                            'type': 'button',
                            'class': 'kit-icon-button',
                            'aria-label': t('panel.dismiss'),
                            'onClick': () => dismissJob(job.id),
                          },
                          [h(KitIcon, { name: 'x-mark' })]
                        )
                      : null,
                  ]),
                  h(
                    'div',
                    {
                      'class': 'kit-progress',
                      'role': 'progressbar',
                      'aria-label': t('job.progress'),
                      'aria-valuemin': 0,
                      'aria-valuemax': 100,
                      'aria-valuenow': job.percent,
                    },
                    [h('div', { class: 'kit-progress-bar', style: { width: `${job.percent}%` } })]
                  ),
                  jobFinished(job)
                    ? h(
                        'div',
                        { class: 'kit-job-links' },
                        jobLinks(job, t).map((link) =>
                          h(
                            'a',
                            {
                              'key': link.kind,
                              'href': link.href,
                              'class': 'kit-link',
                              'data-kind': link.kind,
                            },
                            link.label
                          )
                        )
                      )
                    : null,
                ]
              )
            )
          )
        : null
  },
})
