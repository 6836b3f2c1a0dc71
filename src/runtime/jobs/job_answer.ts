import type { ActionAnswer, OperationInput } from '../operations/operation.ts'
import { afterMutationUrl } from '../operations/operation.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { serializeJob } from './job_serializer.ts'
import type { JobRecord } from './job_store.ts'

/**
 * The answer of an action that started a job: 202 with the job (its status
 * URL to poll), and the "started in the background" message (or, for a
 * request identical to one whose job already runs, that job and its state).
 */
export function jobAnswer(input: OperationInput, name: string, job: JobRecord): ActionAnswer {
  const serialized = serializeJob(job, input.mount.options, input.context.translator)
  return {
    type: 'action',
    result: job,
    body: {
      action: name,
      job: serialized,
      /* an identical request answers with the job already running: where it is */
      message:
        job.status === 'queued'
          ? contextTranslator(input.context).t('job.queued')
          : serialized.message,
    },
    fallback: afterMutationUrl(input.mount),
    status: 202,
  }
}
