import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Compile a fixture project of tests/types/fixtures with the repository's
 * TypeScript; its exit status and its diagnostics.
 */
function compile(fixture: string) {
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/typescript/bin/tsc',
      '--noEmit',
      '--pretty',
      'false',
      '-p',
      `tests/types/fixtures/${fixture}/tsconfig.json`,
    ],
    { cwd: root, encoding: 'utf8' }
  )
  const errors = result.stdout.split('\n').filter((line) => line.includes('error TS'))
  return { status: result.status, errors }
}

test.group('Component registries | checked by the compiler', (group) => {
  group.each.timeout(180_000)

  test('a registry map missing a contract type does not compile, in either renderer', ({
    assert,
  }) => {
    const { status, errors } = compile('incomplete')
    assert.equal(status, 2)
    assert.lengthOf(errors, 2, errors.join('\n'))
    const react = errors.find((line) => line.includes('incomplete_react.tsx'))
    const vue = errors.find((line) => line.includes('incomplete_vue.ts'))
    assert.match(react ?? '', /error TS2741: Property 'markdown' is missing/)
    assert.match(vue ?? '', /error TS2741: Property 'select' is missing/)
  })

  test('a plugin adds a field type by augmentation and registers it in both renderers', ({
    assert,
  }) => {
    const { status, errors } = compile('plugin')
    assert.deepEqual(errors, [])
    assert.equal(status, 0)
  })
})
