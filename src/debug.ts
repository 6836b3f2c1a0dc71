import { debuglog } from 'node:util'

/**
 * Debug logger of the package: `NODE_DEBUG=adonis-kit` prints it.
 */
export default debuglog('adonis-kit')
