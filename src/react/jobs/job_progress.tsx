import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
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
import { KitIcon } from '../icons.tsx'
import { kitToaster } from '../toasts.tsx'
import { useText } from '../text.tsx'

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
export function JobProgressList() {
  const t = useText()
  const [jobs, setJobs] = useState<KitJobContract[]>(trackedJobs())
  useEffect(() => subscribeJobs(setJobs), [])
  if (!jobs.length) return null
  return (
    <div className="kit-jobs" aria-label={t('job.progress')} role="region">
      {jobs.map((job) => (
        <div
          key={job.id}
          className={`kit-job kit-job-${job.status}`}
          data-job={job.id}
          data-status={job.status}
        >
          <div className="kit-job-head">
            <span className="kit-job-message" role="status">
              {job.message}
            </span>
            {jobFinished(job) ? (
              <button
                type="button"
                className="kit-icon-button"
                aria-label={t('panel.dismiss')}
                onClick={() => dismissJob(job.id)}
              >
                <KitIcon name="x-mark" />
              </button>
            ) : null}
          </div>
          <div
            className="kit-progress"
            role="progressbar"
            aria-label={t('job.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.percent}
          >
            <div className="kit-progress-bar" style={{ width: `${job.percent}%` }} />
          </div>
          {jobFinished(job) ? (
            <div className="kit-job-links">
              {jobLinks(job, t).map((link) => (
                <a key={link.kind} href={link.href} className="kit-link" data-kind={link.kind}>
                  {link.label}
                </a>
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  )
}
