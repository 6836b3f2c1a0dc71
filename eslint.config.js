import { configPkg } from '@adonisjs/eslint-config'

const config = configPkg({
  ignores: [
    'tests/e2e/skeleton/**',
    'tests/app/tmp/**',
    /* the route types a web process of the test app writes (tests/fixtures/job_server.ts) */
    'tests/app/.adonisjs/**',
    'demo/tmp/**',
    'demo/public/**',
    /* a plugin package's build output (packages/kit-rating) */
    'packages/*/build/**',
  ],
})

/* the React renderers (.tsx) get the same rules as the TypeScript sources */
export default [
  ...config,
  ...config
    .filter((block) => block.files?.includes('**/*.ts'))
    .map((block) => ({ ...block, name: `${block.name} (tsx)`, files: ['**/*.tsx'] })),
]
