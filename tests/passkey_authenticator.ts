/*
 * A software authenticator for the HTTP tests of passkeys: it makes an
 * ES256 key pair per passkey and answers the options of
 * `navigator.credentials.create()` and `.get()` exactly as a browser with a
 * platform authenticator sends them (attestation "none", user present and
 * verified, a signature counter), so the server checks real signatures.
 * The browser tests use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_DATA = 0x40

function b64url(bytes: Uint8Array | Buffer | string) {
  return Buffer.from(bytes as Uint8Array).toString('base64url')
}

function sha256(data: Uint8Array | string) {
  return createHash('sha256').update(data).digest()
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}

/**
 * The origin the test client's requests come from.
 */
export function testOrigin() {
  return `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT}`
}

/**
 * One passkey held by a software authenticator.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(32)
  readonly #privateKey: KeyObject
  readonly #publicKey: KeyObject
  counter = 0
  userHandle: string | null = null
  rpId: string | null = null

  constructor(readonly origin: string = testOrigin()) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.#privateKey = privateKey
    this.#publicKey = publicKey
  }

  get id() {
    return b64url(this.credentialId)
  }

  #coseKey() {
    const jwk = this.#publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ])
    )
  }

  /** The browser's JSON of a credential around an authenticator's response */
  #credential(response: Record<string, unknown>) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  #clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /**
   * The answer to registration options (`navigator.credentials.create()`).
   */
  register(options: any, overrides: { origin?: string; challenge?: string } = {}) {
    this.rpId = options.rp.id
    this.userHandle = options.user.id
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      Buffer.from(this.#coseKey()),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as any
    )
    const clientData = this.#clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin
    )
    return this.#credential({
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    })
  }

  /**
   * The answer to sign-in options (`navigator.credentials.get()`); the
   * counter moves up by one unless `counter` is given.
   */
  authenticate(
    options: any,
    overrides: {
      counter?: number
      origin?: string
      challenge?: string
      userVerified?: boolean
    } = {}
  ) {
    this.counter = overrides.counter ?? this.counter + 1
    const flags = FLAG_USER_PRESENT | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED)
    const authData = Buffer.concat([
      sha256(options.rpId ?? this.rpId),
      Buffer.from([flags]),
      counterBytes(this.counter),
    ])
    const clientData = this.#clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin
    )
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.#privateKey
    )
    return this.#credential({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: this.userHandle ?? undefined,
    })
  }
}
