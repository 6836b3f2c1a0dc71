import { errors as vineErrors } from '@vinejs/vine'
import { buildForm } from '../../definitions/table/builders.ts'
import { RecordNotFoundException } from '../../support/errors.ts'
import { MAX_MARKDOWN_LENGTH, renderMarkdown } from '../../support/html_sanitizer.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { authorizeParentForm } from '../form/option_forms.ts'
import { OPTION_RECORD_PARAMETER } from '../mounts/resource_mount.ts'
import type { JsonAnswer, OperationInput } from './operation.ts'
import { traced } from './trace.ts'

/**
 * The preview of a Markdown editor (route `markdown.preview`): the form is
 * authorized first as its page is (create, or edit of the record named by
 * `?_kit_record=`), then `{ markdown }` is rendered with `marked` and
 * sanitized against the rich text allow-list on the server. Answers
 * `{ html }`; an unknown field is a 404, a body without a Markdown string (null
 * stands for an empty one)
 * (or a longer one than the kit renders) a 422 field error.
 */
export const markdownPreviewOperation = traced(
  'markdown preview',
  async ({ mount, context, params, query, body }: OperationInput): Promise<JsonAnswer> => {
    const resource = mount.resource
    const field = buildForm(resource)
      .getFields()
      .find((candidate) => candidate.name === params.field)
    if (!field?.previewsMarkdown() || field.isHidden()) {
      throw new RecordNotFoundException('Field not found')
    }

    /* authorize before reading input */
    await authorizeParentForm(resource, context, query[OPTION_RECORD_PARAMETER])

    const markdown = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
    /* the body parser turns an empty string into null: an empty editor */
    const source = markdown.markdown === null ? '' : markdown.markdown
    if (typeof source !== 'string' || source.length > MAX_MARKDOWN_LENGTH) {
      const t = contextTranslator(context)
      throw new vineErrors.E_VALIDATION_ERROR([
        {
          field: 'markdown',
          message: t.t('markdown.previewInvalid', { max: MAX_MARKDOWN_LENGTH }),
          rule: 'markdown',
        },
      ])
    }
    return { type: 'json', body: { html: renderMarkdown(source) ?? '' } }
  }
)
