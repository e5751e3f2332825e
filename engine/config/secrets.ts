// Secrets at rest (docs/security.md): the AI provider's API key and webhook signing secrets
// are stored sealed with AES-256-GCM. The key lives in `secret.key` in the data folder (0600)
// — headless as it is, in the desktop app wrapped by the OS keychain (Electron's
// safeStorage, through a KeyProtector the shell passes in). A copy of the database alone
// (a backup, a support bundle) therefore reveals no secret; with the desktop keychain, a
// copy of the whole data folder does not either.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './permissions.js';

/** Wraps the data key with something outside the data folder (the OS keychain). */
export interface KeyProtector {
  /** Shown in errors and the key file, e.g. "electron-safeStorage". */
  name: string;
  protect(key: Buffer): Buffer;
  unprotect(wrapped: Buffer): Buffer;
}

export interface SecretKeyOptions {
  keyProtector?: KeyProtector | null;
  /** The data key itself, handed over by a parent process that unwrapped it (the desktop shell). */
  secretKey?: Buffer | null;
}

const PREFIX = 'enc:v1:';
const SECRET_KEY_FILE = 'secret.key';

interface KeyFile {
  version: 1;
  protection: 'none' | string;
  key: string;
}

export class SecretKeyUnavailable extends Error {}

/** Loads the data key, creating it on first use; wraps an unwrapped key when a protector is given. */
export function loadSecretKey(root: string, opts: SecretKeyOptions = {}): Buffer {
  if (opts.secretKey) return opts.secretKey;
  const file = join(root, SECRET_KEY_FILE);
  const protector = opts.keyProtector ?? null;
  const write = (key: Buffer) => {
    const content: KeyFile = protector
      ? { version: 1, protection: protector.name, key: protector.protect(key).toString('base64') }
      : { version: 1, protection: 'none', key: key.toString('base64') };
    writeFileSync(file, `${JSON.stringify(content)}\n`, { mode: PRIVATE_FILE_MODE });
    if (process.platform !== 'win32') chmodSync(file, PRIVATE_FILE_MODE);
  };
  if (!existsSync(file)) {
    mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
    const key = randomBytes(32);
    write(key);
    return key;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
  if (stored.protection === 'none') {
    const key = Buffer.from(stored.key, 'base64');
    if (protector) write(key); // first start of the desktop app on a headless folder
    return key;
  }
  if (!protector || protector.name !== stored.protection) {
    throw new SecretKeyUnavailable(`the secrets of this data folder are protected by ${stored.protection} (the desktop app's keychain); use the Docdesk app for this`);
  }
  return protector.unprotect(Buffer.from(stored.key, 'base64'));
}

/** Seals and opens secret strings with one data key, loaded on first use. */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly loadKey: () => Buffer) {}

  private dataKey(): Buffer {
    this.key ??= this.loadKey();
    return this.key;
  }

  /** Short id of the key, stored with each sealed value. */
  keyId(): string {
    return createHash('sha256').update(this.dataKey()).digest('hex').slice(0, 8);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.dataKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.keyId()}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** Opens a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [keyId, data] = stored.slice(PREFIX.length).split(':') as [string, string];
    if (keyId !== this.keyId()) throw new Error('this secret was sealed with another data key (secret.key was replaced)');
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.dataKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

/**
 * The box of each open database. The storage functions for secrets receive only a `Db`;
 * the engine context registers its box for its database when it opens.
 */
const boxes = new WeakMap<object, SecretBox>();
let lastBox: SecretBox | null = null;

export function registerSecretBox(db: object, box: SecretBox): void {
  boxes.set(db, box);
  lastBox = box;
}

/** The box for a database handle (a transaction falls back to the engine's box). */
export function secretBoxFor(db: object): SecretBox {
  const box = boxes.get(db) ?? lastBox;
  if (!box) throw new Error('no secret box: open the database through openEngineContext');
  return box;
}
