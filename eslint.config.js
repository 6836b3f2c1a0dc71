import { configPkg } from '@adonisjs/eslint-config'

export default configPkg({
  ignores: ['tests/app/tmp/**'],
})
