import { computed, defineComponent, h, ref, shallowRef, useId, type PropType } from 'vue'
import type { ActionContract } from '../../contracts/main.ts'
import { callJobAction, type ImportPreview } from '../../renderers/jobs.ts'
import { KitDialog } from '../dialog.ts'
import { ChoiceSelect } from '../select_popup.ts'
import { useText } from '../text.ts'
import { followJob } from './job_progress.ts'

/**
 * The import dialog of an `ImportAction`: choose the CSV file, map its
 * columns to the importer's (the server guesses a mapping), a dry run, then
 * the import runs as a job followed on the page.
 */
export const ImportDialog = defineComponent({
  name: 'KitImportDialog',
  props: {
    action: { type: Object as PropType<ActionContract>, required: true },
  },
  emits: ['close'],
  setup(props, { emit }) {
    const t = useText()
    const file = shallowRef<File | null>(null)
    const preview = ref<ImportPreview | null>(null)
    const mapping = ref<Record<string, string>>({})
    const dryRun = ref(false)
    const errors = ref<string[]>([])
    const busy = ref(false)
    const id = useId()
    /* each importer column takes one CSV header, or none */
    const headers = computed(() => [
      { value: '', label: t('job.import.ignore') },
      ...(preview.value?.headers ?? []).map((header) => ({ value: header, label: header })),
    ])

    const call = async (body: Record<string, unknown>) => {
      busy.value = true
      errors.value = []
      try {
        const answer = await callJobAction(props.action.url, body, t, file.value)
        if (answer.errors) errors.value = Object.values(answer.errors)
        return answer.errors ? null : answer
      } catch (error) {
        errors.value = [(error as Error).message]
        return null
      } finally {
        busy.value = false
      }
    }

    const next = async () => {
      if (!file.value) {
        errors.value = [t('job.import.empty')]
        return
      }
      const answer = await call({ preview: true })
      if (answer?.preview) {
        preview.value = answer.preview
        mapping.value = { ...answer.preview.mapping }
      }
    }

    const submit = async () => {
      const answer = await call({ mapping: mapping.value, dryRun: dryRun.value })
      if (answer?.job) {
        followJob(answer.job, t)
        emit('close')
      }
    }

    const mappingStep = (current: ImportPreview) =>
      h('fieldset', { class: 'kit-import-mapping' }, [
        h('legend', t('job.import.mapping')),
        ...current.columns.map((column) =>
          h('div', { key: column.name, class: 'kit-field' }, [
            h(ChoiceSelect, {
              id: `${id}-mapping-${column.name}`,
              name: `mapping.${column.name}`,
              label: column.label,
              labelClassName: 'kit-label',
              choices: headers.value,
              value: mapping.value[column.name] ?? '',
              onChange: (header: string) => {
                mapping.value = { ...mapping.value, [column.name]: header }
              },
            }),
          ])
        ),
        h('label', { class: 'kit-checkbox' }, [
          h('input', {
            type: 'checkbox',
            name: 'dryRun',
            checked: dryRun.value,
            onChange: (event: Event) => {
              dryRun.value = (event.target as HTMLInputElement).checked
            },
          }),
          t('job.import.dryRun'),
        ]),
      ])

    const fileStep = () =>
      h('label', { class: 'kit-field' }, [
        h('span', { class: 'kit-label' }, t('job.import.file')),
        h('input', {
          type: 'file',
          name: 'file',
          accept:
            '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          class: 'kit-input',
          onChange: (event: Event) => {
            file.value = (event.target as HTMLInputElement).files?.[0] ?? null
          },
        }),
      ])

    return () =>
      h(
        KitDialog,
        { title: props.action.label, closeOnInteractOutside: false, onClose: () => emit('close') },
        () => [
          h('div', { class: 'kit-import' }, [
            ...errors.value.map((message) =>
              h('p', { key: message, role: 'alert', class: 'kit-alert kit-color-danger' }, message)
            ),
            preview.value ? mappingStep(preview.value) : fileStep(),
          ]),
          h('div', { class: 'kit-dialog-actions' }, [
            h(
              'button',
              { type: 'button', class: 'kit-button', onClick: () => emit('close') },
              t('action.cancel')
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'kit-button kit-button-primary',
                disabled: busy.value,
                onClick: preview.value ? submit : next,
              },
              preview.value ? t('job.import.submit') : t('job.import.next')
            ),
          ]),
        ]
      )
  },
})
