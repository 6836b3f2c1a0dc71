import vine from '@vinejs/vine'

export const signupValidator = vine.compile(
  vine.object({
    fullName: vine.string().trim().maxLength(100).optional(),
    email: vine.string().email().maxLength(254).unique({ table: 'users', column: 'email' }),
    password: vine.string().minLength(8).maxLength(32).confirmed({ confirmationField: 'passwordConfirmation' }),
  })
)
