import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software passkey authenticator for tests (ADR 173): real ES256 keys from node:crypto,
 * real "none" attestations and real signed assertions, so the server's WebAuthn checks
 * (@simplewebauthn/server) run unchanged. Only what those checks read is built.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR subset attestations need: integers, text, bytes, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array)
    return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string | null;
}

export function softwareAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const flags = { up: 0x01, uv: 0x04, at: 0x40 };

  return {
    /** navigator.credentials.create(): a new key pair and its attestation (fmt "none"). */
    create(options: Record<string, unknown>): { passkey: SoftPasskey; response: object } {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags.up | flags.uv | flags.at]),
        Buffer.alloc(4), // sign count 0
        Buffer.alloc(16), // aaguid
        idLength,
        credentialId,
        cose,
      ]);
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      const user = options.user as { id: string } | undefined;
      return {
        passkey: { credentialId, privateKey, counter: 0, userHandle: user?.id ?? null },
        response: {
          id: b64url(credentialId),
          rawId: b64url(credentialId),
          type: 'public-key',
          response: {
            clientDataJSON: b64url(clientDataJSON),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      };
    },

    /** navigator.credentials.get(): an assertion signed by the passkey's private key. */
    get(
      passkey: SoftPasskey,
      options: Record<string, unknown>,
      tamper: { origin?: string; key?: KeyObject } = {},
    ): object {
      passkey.counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(passkey.counter);
      const authenticatorData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags.up | flags.uv]),
        count,
      ]);
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: tamper.origin ?? origin,
        crossOrigin: false,
      });
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        tamper.key ?? passkey.privateKey,
      );
      return {
        id: b64url(passkey.credentialId),
        rawId: b64url(passkey.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          ...(passkey.userHandle ? { userHandle: passkey.userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}
