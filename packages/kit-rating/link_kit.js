/*
 * kit-rating, inside the adonis-kit repository: resolve `adonis-kit` to the
 * checkout (as an installed plugin resolves the installed kit), and let the
 * demo resolve `kit-rating` to this package. Both links are git-ignored
 * node_modules entries; an application installs the package from its
 * tarball instead.
 */
import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const repository = join(here, '..', '..')

function link(target, path) {
  if (existsSync(path) || lstatSync(path, { throwIfNoEntry: false })) return
  mkdirSync(dirname(path), { recursive: true })
  symlinkSync(relative(dirname(path), target), path, 'dir')
}

link(repository, join(here, 'node_modules', 'adonis-kit'))
link(here, join(repository, 'demo', 'node_modules', 'kit-rating'))
