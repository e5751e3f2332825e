// The desktop app keeps the data key of secrets at rest (engine/config/secrets.ts) in the OS
// keychain through Electron's safeStorage. Free of Electron imports: the shell passes
// `safeStorage` in, tests pass a stand-in (test/main/key-protection.test.ts).
import type { KeyProtector } from '../engine/config/secrets.js';

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export const SAFE_STORAGE_PROTECTION = 'electron-safeStorage';

/**
 * A protector backed by the OS keychain, or null when there is none worth the name: then
 * the key stays in its 0600 file, as headless. On Linux without a secret service Electron
 * falls back to a fixed password ("basic_text"), which protects nothing.
 */
export function safeStorageProtector(safe: SafeStorageLike, platform: NodeJS.Platform = process.platform): KeyProtector | null {
  if (!safe.isEncryptionAvailable()) return null;
  if (platform === 'linux' && safe.getSelectedStorageBackend?.() === 'basic_text') return null;
  return {
    name: SAFE_STORAGE_PROTECTION,
    protect: (key) => safe.encryptString(key.toString('base64')),
    unprotect: (wrapped) => Buffer.from(safe.decryptString(wrapped), 'base64'),
  };
}
