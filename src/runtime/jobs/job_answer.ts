import type { ActionAnswer, OperationInput } from '../operations/operation.ts'
import { afterMutationUrl } from '../operations/operation.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { serializeJob } from './job_serializer.ts'
import type { JobRecord } from './job_store.ts'

/**
 * The answer of an action that started a job: 202 with the job (its status
 * URL to poll), and the "started in the background" message.
 */
export function jobAnswer(input: OperationInput, name: string, job: JobRecord): ActionAnswer {
  const serialized = serializeJob(job, input.mount.options, input.context.translator)
  return {
    type: 'action',
    result: job,
    body: {
      action: name,
      job: serialized,
      message: contextTranslator(input.context).t('job.queued'),
    },
    fallback: afterMutationUrl(input.mount),
    status: 202,
  }
}
