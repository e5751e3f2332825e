// AI provider settings, kept in the SQLite `settings` table (one JSON value). Off unless set.
import type { Db } from '../../store/db.js';
import { deleteSetting, getSetting, setSetting } from '../../store/settings.js';
import { isSealed, secretBoxFor } from '../../config/secrets.js';

export const AI_SETTINGS_KEY = 'ai.provider';
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Characters of document text sent to the model at most (the rest is cut and recorded). */
export const DEFAULT_MAX_INPUT_CHARS = 24_000;

export interface AiSettings {
  provider: 'openai_compatible';
  base_url: string;
  model: string;
  api_key: string | null;
  timeout_ms: number;
  max_input_chars: number;
  reasoning_effort: string | null;
}

export class AiSettingsError extends Error {}

export function validateSettings(input: { base_url?: string; model?: string; api_key?: string | null; timeout_ms?: number; max_input_chars?: number; reasoning_effort?: string | null }): AiSettings {
  const base = (input.base_url ?? '').trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new AiSettingsError('--base-url must be an http(s) URL, e.g. http://127.0.0.1:8080/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AiSettingsError('--base-url must use http or https');
  const model = (input.model ?? '').trim();
  if (!model) throw new AiSettingsError('--model is required (the model name the endpoint serves)');
  const timeout = input.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout < 1000 || timeout > 600_000) throw new AiSettingsError('--timeout-ms must be an integer from 1000 to 600000');
  const maxChars = input.max_input_chars ?? DEFAULT_MAX_INPUT_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 1000 || maxChars > 1_000_000) throw new AiSettingsError('--max-input-chars must be an integer from 1000 to 1000000');
  return { provider: 'openai_compatible', base_url: base, model, api_key: input.api_key ?? null, timeout_ms: timeout, max_input_chars: maxChars, reasoning_effort: input.reasoning_effort ?? null };
}

export async function getAiSettings(db: Db): Promise<AiSettings | null> {
  const raw = await getSetting(db, AI_SETTINGS_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as AiSettings;
    return validateSettings({ ...stored, api_key: stored.api_key === null ? null : secretBoxFor(db).open(stored.api_key) });
  } catch {
    // A damaged value is treated as "not configured" rather than failing every document.
    return null;
  }
}

/** The API key is stored sealed (docs/security.md); the rest of the settings in plain JSON. */
export async function setAiSettings(db: Db, s: AiSettings): Promise<void> {
  await setSetting(db, AI_SETTINGS_KEY, JSON.stringify({ ...s, api_key: s.api_key === null ? null : secretBoxFor(db).seal(s.api_key) }));
}

/** Seals an API key stored in plain text by an older version. */
export async function sealPlainApiKey(db: Db): Promise<boolean> {
  const raw = await getSetting(db, AI_SETTINGS_KEY);
  const stored = raw ? (JSON.parse(raw) as AiSettings) : null;
  if (!stored?.api_key || isSealed(stored.api_key)) return false;
  await setSetting(db, AI_SETTINGS_KEY, JSON.stringify({ ...stored, api_key: secretBoxFor(db).seal(stored.api_key) }));
  return true;
}

export async function clearAiSettings(db: Db): Promise<void> {
  await deleteSetting(db, AI_SETTINGS_KEY);
}

/** The settings as shown to people: the key is never printed. */
export function describeSettings(s: AiSettings | null) {
  if (!s) return { configured: false };
  return { configured: true, provider: s.provider, base_url: s.base_url, model: s.model, api_key: s.api_key ? 'set' : 'not set', timeout_ms: s.timeout_ms, max_input_chars: s.max_input_chars, reasoning_effort: s.reasoning_effort };
}
