import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { probeStorage, type ProbeState } from '../../start/probe.ts'

const gc = (globalThis as any).gc as undefined | (() => void)

/**
 * Benchmark probe: answers with the number of SQL statements the request ran
 * (`x-bench-queries`) and, when the request carries `x-bench-memory`, the
 * peak growth of the heap and of the RSS while it ran, sampled every 2 ms
 * after a full GC (`x-bench-heap-peak`, `x-bench-rss-peak`, in bytes).
 */
export default class BenchProbeMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const state: ProbeState = { queries: 0 }
    const sampleMemory = ctx.request.header('x-bench-memory') !== undefined
    let baseline = { heap: 0, rss: 0 }
    let peak = { heap: 0, rss: 0 }
    let timer: NodeJS.Timeout | undefined
    if (sampleMemory) {
      gc?.()
      const usage = process.memoryUsage()
      baseline = { heap: usage.heapUsed, rss: usage.rss }
      peak = { ...baseline }
      timer = setInterval(() => {
        const now = process.memoryUsage()
        peak.heap = Math.max(peak.heap, now.heapUsed)
        peak.rss = Math.max(peak.rss, now.rss)
      }, 2)
    }

    const started = performance.now()
    const output = await probeStorage.run(state, () => next())

    ctx.response.header('x-bench-queries', String(state.queries))
    if ((state as ProbeState).sql) {
      /* BENCH_PHASES=1: the statements' time by kind, and the rest (the kit's or the controller's code) */
      const sql = (state as ProbeState).sql!
      const waited = Object.values(sql).reduce((sum, value) => sum + value, 0)
      const phases = { ...sql, code: performance.now() - started - waited }
      ctx.response.header(
        'server-timing',
        Object.entries(phases)
          .map(([name, duration]) => `${name};dur=${duration.toFixed(3)}`)
          .join(', ')
      )
    }
    if (timer) {
      clearInterval(timer)
      const now = process.memoryUsage()
      peak.heap = Math.max(peak.heap, now.heapUsed)
      peak.rss = Math.max(peak.rss, now.rss)
      ctx.response.header('x-bench-heap-peak', String(peak.heap - baseline.heap))
      ctx.response.header('x-bench-rss-peak', String(peak.rss - baseline.rss))
    }
    return output
  }
}
