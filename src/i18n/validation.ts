import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import type { KitTranslator } from './translator.ts'

/**
 * Vine's rule messages in French (`{{ field }}` placeholders, as Vine
 * writes them). English comes from Vine itself.
 */
export const vineFr: Record<string, string> = {
  'required': 'Le champ {{ field }} est obligatoire',
  'string': 'Le champ {{ field }} doit être un texte',
  'email': 'Le champ {{ field }} doit être une adresse e-mail valide',
  'mobile': 'Le champ {{ field }} doit être un numéro de mobile valide',
  'creditCard': 'Le champ {{ field }} doit être un numéro de carte {{ providersList }} valide',
  'passport': 'Le champ {{ field }} doit être un numéro de passeport valide',
  'postalCode': 'Le champ {{ field }} doit être un code postal valide',
  'regex': 'Le format du champ {{ field }} est invalide',
  'ascii': 'Le champ {{ field }} ne doit contenir que des caractères ASCII',
  'iban': 'Le champ {{ field }} doit être un IBAN valide',
  'jwt': 'Le champ {{ field }} doit être un jeton JWT valide',
  'coordinates': 'Le champ {{ field }} doit contenir une latitude et une longitude',
  'url': 'Le champ {{ field }} doit être une URL valide',
  'activeUrl': 'Le champ {{ field }} doit être une URL valide',
  'alpha': 'Le champ {{ field }} ne doit contenir que des lettres',
  'alphaNumeric': 'Le champ {{ field }} ne doit contenir que des lettres et des chiffres',
  'minLength': 'Le champ {{ field }} doit contenir au moins {{ min }} caractères',
  'maxLength': 'Le champ {{ field }} ne doit pas dépasser {{ max }} caractères',
  'fixedLength': 'Le champ {{ field }} doit contenir {{ size }} caractères',
  'confirmed': 'Les champs {{ originalField }} et {{ otherField }} doivent être identiques',
  'endsWith': 'Le champ {{ field }} doit se terminer par {{ substring }}',
  'startsWith': 'Le champ {{ field }} doit commencer par {{ substring }}',
  'sameAs': 'Les champs {{ field }} et {{ otherField }} doivent être identiques',
  'notSameAs': 'Les champs {{ field }} et {{ otherField }} doivent être différents',
  'in': 'La valeur choisie pour {{ field }} est invalide',
  'notIn': 'La valeur choisie pour {{ field }} est invalide',
  'ipAddress': 'Le champ {{ field }} doit être une adresse IP valide',
  'vat': 'Le champ {{ field }} doit être un numéro de TVA valide',
  'uuid': 'Le champ {{ field }} doit être un UUID valide',
  'ulid': 'Le champ {{ field }} doit être un ULID valide',
  'hexCode': 'Le champ {{ field }} doit être un code couleur hexadécimal valide',
  'boolean': 'La valeur doit être un booléen',
  'number': 'Le champ {{ field }} doit être un nombre',
  'number.in': 'La valeur choisie pour {{ field }} n’est pas parmi {{ values }}',
  'min': 'Le champ {{ field }} doit être au moins {{ min }}',
  'max': 'Le champ {{ field }} ne doit pas dépasser {{ max }}',
  'range': 'Le champ {{ field }} doit être compris entre {{ min }} et {{ max }}',
  'positive': 'Le champ {{ field }} doit être positif',
  'negative': 'Le champ {{ field }} doit être négatif',
  'nonNegative': 'Le champ {{ field }} doit être positif ou nul',
  'nonPositive': 'Le champ {{ field }} doit être négatif ou nul',
  'decimal': 'Le champ {{ field }} doit avoir {{ digits }} décimales',
  'withoutDecimals': 'Le champ {{ field }} doit être un entier',
  'accepted': 'Le champ {{ field }} doit être accepté',
  'enum': 'La valeur choisie pour {{ field }} est invalide',
  'literal': 'Le champ {{ field }} doit valoir {{ expectedValue }}',
  'object': 'Le champ {{ field }} doit être un objet',
  'array': 'Le champ {{ field }} doit être une liste',
  'array.minLength': 'Le champ {{ field }} doit contenir au moins {{ min }} éléments',
  'array.maxLength': 'Le champ {{ field }} ne doit pas contenir plus de {{ max }} éléments',
  'array.fixedLength': 'Le champ {{ field }} doit contenir {{ size }} éléments',
  'notEmpty': 'Le champ {{ field }} ne doit pas être vide',
  'distinct': 'Le champ {{ field }} contient des doublons',
  'record': 'Le champ {{ field }} doit être un objet',
  'record.minLength': 'Le champ {{ field }} doit contenir au moins {{ min }} éléments',
  'record.maxLength': 'Le champ {{ field }} ne doit pas contenir plus de {{ max }} éléments',
  'record.fixedLength': 'Le champ {{ field }} doit contenir {{ size }} éléments',
  'tuple': 'Le champ {{ field }} doit être une liste',
  'union': 'Valeur invalide pour le champ {{ field }}',
  'unionGroup': 'Valeur invalide pour le champ {{ field }}',
  'unionOfTypes': 'Valeur invalide pour le champ {{ field }}',
  'date': 'Le champ {{ field }} doit être une date',
  'date.equals': 'Le champ {{ field }} doit être une date égale à {{ expectedValue }}',
  'date.after': 'Le champ {{ field }} doit être une date après {{ expectedValue }}',
  'date.before': 'Le champ {{ field }} doit être une date avant {{ expectedValue }}',
  'date.afterOrEqual':
    'Le champ {{ field }} doit être une date égale ou postérieure à {{ expectedValue }}',
  'date.beforeOrEqual':
    'Le champ {{ field }} doit être une date égale ou antérieure à {{ expectedValue }}',
  'date.sameAs': 'Les champs {{ field }} et {{ otherField }} doivent être identiques',
  'date.notSameAs': 'Les champs {{ field }} et {{ otherField }} doivent être différents',
  'date.afterField': 'Le champ {{ field }} doit être une date après {{ otherField }}',
  'date.afterOrSameAs':
    'Le champ {{ field }} doit être une date égale ou postérieure à {{ otherField }}',
  'date.beforeField': 'Le champ {{ field }} doit être une date avant {{ otherField }}',
  'date.beforeOrSameAs':
    'Le champ {{ field }} doit être une date égale ou antérieure à {{ otherField }}',
  'date.weekend': 'Le champ {{ field }} doit tomber un week-end',
  'date.weekday': 'Le champ {{ field }} doit tomber un jour de semaine',
  'nativeFile': 'Le champ {{ field }} doit être un fichier valide',
  'nativeFile.minSize': 'Le champ {{ field }} doit faire au moins {{ min }} octets',
  'nativeFile.maxSize': 'Le champ {{ field }} ne doit pas dépasser {{ max }} octets',
  'nativeFile.mimeTypes': 'Le type du fichier {{ field }} est invalide',
  /* the kit's own rules */
  'unique': 'Cette valeur de {{ field }} est déjà utilisée',
  'database.unique': 'Cette valeur de {{ field }} est déjà utilisée',
  'nul': 'La valeur ne doit pas contenir de caractère NUL',
  'encoding': 'La valeur doit être un texte valide',
}

const VINE_CATALOGS: Record<string, Record<string, string>> = { fr: vineFr }

/**
 * The labels of form fields by name, as messages name them (`{{ field }}`):
 * what the person reads next to the input, in the request's language.
 */
export function fieldLabels(
  fields: Iterable<{ name: string; getLabel(): string }>
): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const field of fields) {
    labels[field.name] = field.getLabel()
  }
  return labels
}

/**
 * Rule messages in the request's language, with the priorities a developer
 * expects: the Rules class's own `messages()` (field-specific, wildcard,
 * rule), then the application's `@adonisjs/i18n` translations
 * (`validator.shared.<rule>`), then the kit's catalog of the language, then
 * Vine's English message. A field is named by the label of its form field
 * (what the person reads next to the input), else by the Rules class's
 * `fields()`, else by its key.
 */
export class KitMessagesProvider implements MessagesProviderContact {
  readonly #messages: Record<string, string>
  readonly #fields: Record<string, string>
  readonly #translator: KitTranslator
  readonly #catalog: Record<string, string>

  constructor(
    messages: Record<string, string>,
    fields: Record<string, string>,
    translator: KitTranslator
  ) {
    this.#messages = messages
    this.#fields = fields
    this.#translator = translator
    this.#catalog = translator.isTranslated()
      ? (VINE_CATALOGS[new Intl.Locale(translator.locale).language] ?? {})
      : {}
  }

  #template(rule: string, field: FieldContext): string | undefined {
    const own = (key: string) =>
      Object.hasOwn(this.#messages, key) ? this.#messages[key] : undefined
    return (
      own(`${field.getFieldPath()}.${rule}`) ??
      own(`${field.wildCardPath}.${rule}`) ??
      own(rule) ??
      this.#translator.appMessage(`validator.shared.${rule}`) ??
      (Object.hasOwn(this.#catalog, rule) ? this.#catalog[rule] : undefined)
    )
  }

  #label(field: FieldContext): string {
    const path = field.getFieldPath()
    const name = String(field.name)
    if (Object.hasOwn(this.#fields, path)) return this.#fields[path]
    if (Object.hasOwn(this.#fields, name)) return this.#fields[name]
    return name
  }

  getMessage(
    defaultMessage: string,
    rule: string,
    field: FieldContext,
    args?: Record<string, any>
  ) {
    const template = this.#template(rule, field) ?? defaultMessage
    const data: Record<string, unknown> = { field: this.#label(field), ...args }
    /* the other field of `confirmed`, `sameAs`...: named by its label too */
    for (const key of ['otherField', 'originalField']) {
      const other = data[key]
      if (typeof other === 'string' && Object.hasOwn(this.#fields, other)) {
        data[key] = this.#fields[other]
      }
    }
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(data, name) ? String(data[name]) : whole
    )
  }
}

/**
 * Most providers kept per Rules class (one per locale and set of labels).
 */
const MAX_PROVIDERS = 64

const providers = new WeakMap<object, Map<string, KitMessagesProvider>>()

/**
 * The messages provider of a Rules class in a translator's language, naming
 * fields by the given labels (one per class, locale and labels for the
 * kit's catalogs), or undefined for the kit's built-in English without
 * labels, where the compiled validator's own provider answers.
 */
export function translatedMessages(
  Rules: new () => { messages(): Record<string, string>; fields(): Record<string, string> },
  translator: KitTranslator | undefined,
  labels?: Record<string, string>
): KitMessagesProvider | undefined {
  const named = labels !== undefined && Object.keys(labels).length > 0
  if (!translator || (!named && !translator.isTranslated())) {
    return undefined
  }
  const build = () => {
    const instance = new Rules()
    return new KitMessagesProvider(
      instance.messages(),
      { ...instance.fields(), ...labels },
      translator
    )
  }
  if (translator.usesApplicationI18n()) {
    /* the application's messages of this request's instance: not shared */
    return build()
  }
  let cached = providers.get(Rules)
  if (!cached) {
    cached = new Map()
    providers.set(Rules, cached)
  }
  const key = named ? `${translator.locale}\u0000${JSON.stringify(labels)}` : translator.locale
  let provider = cached.get(key)
  if (!provider) {
    if (cached.size >= MAX_PROVIDERS) cached.clear()
    provider = build()
    cached.set(key, provider)
  }
  return provider
}
