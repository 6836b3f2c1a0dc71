import { Worker } from 'node:worker_threads'

/**
 * The memory of the XLSX writer's thread: a small young generation (the
 * writer's garbage dies young) and a bounded old one (it holds one part at
 * a time; a thread that needs more fails the job visibly instead of
 * growing the process).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 24 }

/** The worker's file, next to this one (`.ts` in the sources, `.js` in the build) */
function workerFile() {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./xlsx_worker${extension}`, import.meta.url)
}

/**
 * Write an XLSX file from the export's parts (JSON arrays of cells, one a
 * line), one part at a time: each part is handed to the writer's thread
 * and the next waits until it is written, so memory stays flat whatever
 * the number of rows.
 */
export async function writeWorkbook(
  filename: string,
  header: string[],
  parts: AsyncIterable<string>
): Promise<void> {
  const worker = new Worker(workerFile(), {
    workerData: { filename, header },
    resourceLimits: WORKER_LIMITS,
  })
  let failure: Error | null = null
  let waiting: { resolve: () => void; reject: (error: Error) => void } | null = null
  const fail = (error: Error) => {
    failure ??= error
    waiting?.reject(failure)
    waiting = null
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the XLSX writer stopped (exit code ${code})`)))
  worker.on('message', (message: { ready?: true; finished?: true; error?: string }) => {
    if (message.error) return fail(new Error(`the XLSX writer failed: ${message.error}`))
    waiting?.resolve()
    waiting = null
  })
  const answer = () =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure)
      waiting = { resolve, reject }
    })

  try {
    for await (const part of parts) {
      const written = answer()
      worker.postMessage({ part })
      await written
    }
    const finished = answer()
    worker.postMessage({ done: true })
    await finished
  } finally {
    worker.removeAllListeners('exit')
    await worker.terminate()
  }
}
