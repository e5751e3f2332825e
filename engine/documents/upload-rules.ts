// Upload field rules of spec 4.3, section 8 and rules R1-R4. Pure: takes the raw
// multipart fields and the sniffed file format, returns normalized fields or field errors.
import { FieldErrorCollector } from '../domain/errors.js';
import type { FileFormat, FormatFamily } from '../formats/detect.js';
import { DEFAULT_PROFILE, PROFILE_IDS, findProfile, type ExtractionProfile } from '../profiles/registry.js';
import type { ProcessingLane, ProcessingMode } from '../store/schema.js';

export const UPLOAD_LIMITS = {
  // "500 MB" in the spec; MB is decimal here, the spec writes MiB where it means binary.
  fileBytes: 500_000_000,
  textBytes: 262_144,
  customTypesItems: 50,
  customTypeChars: 100,
  requesterChars: 255,
  pagesChars: 255,
  idempotencyKeyChars: 255,
} as const;

const PROCESSING_MODES: ProcessingMode[] = ['extraction', 'analysis', 'validation', 'thumbnail'];
const PROCESSING_LANES: ProcessingLane[] = ['standard', 'batch'];
const LOCALE_PATTERN = /^(en|de)(?:[-_][A-Za-z]{2})?$/;

export interface UploadFields {
  processing_mode: ProcessingMode;
  processing_lane: ProcessingLane;
  extraction_profile: ExtractionProfile;
  pages: string | null;
  text: string | null;
  custom_types: string[] | null;
  requester: string | null;
  locale: string | null;
  allow_ai_processing: boolean;
  /** Whether allow_ai_processing was sent at all (idempotency compares what the caller sent). */
  allow_ai_processing_sent: boolean;
}

export interface RawUpload {
  /** Every non-file form field, in order; repeated names keep every value. */
  fields: Array<{ name: string; value: string; truncated: boolean }>;
  file: { present: boolean; count: number; size: number; truncated: boolean; format: FileFormat | null; family: FormatFamily | null };
}

export interface UploadContext {
  batchLaneEligible: boolean;
}

const SCALAR_FIELDS = ['text', 'requester', 'locale', 'processing_mode', 'processing_lane', 'pages', 'allow_ai_processing', 'extraction_profile'] as const;
const CUSTOM_TYPES_FIELDS = ['custom_types[]', 'custom_types'];

/** Spec 4.3: `true`, `false`, `1`, `0`; the words in any case. Nothing else. */
function parseBooleanWord(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/** `first`, `last`, `all` or 1-based page numbers, comma separated. */
function parsePageTokens(pages: string): string | null {
  const tokens = pages.split(',').map((t) => t.trim());
  for (const t of tokens) {
    if (t === '') return 'Page selection contains an empty entry.';
    if (t === 'first' || t === 'last' || t === 'all') continue;
    if (!/^[1-9]\d{0,8}$/.test(t)) return `"${t.slice(0, 20)}" is not a page number or one of first, last, all.`;
  }
  return null;
}

export function validateUpload(raw: RawUpload, ctx: UploadContext): { fields: UploadFields } | { errors: Record<string, string[]> } {
  const errs = new FieldErrorCollector();
  const scalar = new Map<string, string>();
  const customTypes: string[] = [];
  let customTypesSent = false;

  for (const f of raw.fields) {
    if (CUSTOM_TYPES_FIELDS.includes(f.name)) {
      customTypesSent = true;
      customTypes.push(f.value);
      continue;
    }
    if (!(SCALAR_FIELDS as readonly string[]).includes(f.name)) continue; // unknown fields are ignored
    if (scalar.has(f.name)) errs.add(f.name, `The ${f.name} field was sent more than once.`);
    if (f.truncated) errs.add(f.name, `The ${f.name} field is too long.`);
    scalar.set(f.name, f.value);
  }

  // file
  if (!raw.file.present) errs.add('file', 'A file is required (multipart field "file").');
  else if (raw.file.count > 1) errs.add('file', 'Send exactly one file per upload.');
  else if (raw.file.truncated || raw.file.size > UPLOAD_LIMITS.fileBytes) errs.add('file', 'The file is larger than the 500 MB upload limit.');
  else if (raw.file.size === 0) errs.add('file', 'The file is empty.');

  const mode = pickEnum(scalar.get('processing_mode'), PROCESSING_MODES, 'extraction', 'processing_mode', errs);
  const lane = pickEnum(scalar.get('processing_lane'), PROCESSING_LANES, 'standard', 'processing_lane', errs);
  const profile = pickEnum(scalar.get('extraction_profile'), PROFILE_IDS, DEFAULT_PROFILE, 'extraction_profile', errs);

  if (lane === 'batch' && !ctx.batchLaneEligible) errs.add('processing_lane', 'The batch lane is not available for this account.');

  let allowAi = true;
  const aiRaw = scalar.get('allow_ai_processing');
  if (aiRaw !== undefined) {
    const parsed = parseBooleanWord(aiRaw);
    if (parsed === null) errs.add('allow_ai_processing', 'allow_ai_processing must be true, false, 1 or 0.');
    else allowAi = parsed;
  }

  const text = emptyToNull(scalar.get('text'));
  if (text !== null && Buffer.byteLength(text, 'utf8') > UPLOAD_LIMITS.textBytes) errs.add('text', 'The text field may contain at most 262,144 UTF-8 bytes (256 KiB).');
  if (text !== null && mode === 'validation') errs.add('text', 'The text field is not accepted in validation mode.');

  const requester = emptyToNull(scalar.get('requester'));
  if (requester !== null && [...requester].length > UPLOAD_LIMITS.requesterChars) errs.add('requester', 'The requester may be at most 255 characters.');

  const locale = emptyToNull(scalar.get('locale'));
  if (locale !== null && !LOCALE_PATTERN.test(locale)) errs.add('locale', `Unsupported locale "${locale.slice(0, 20)}"; supported: en, de (optionally with a region, e.g. de-DE).`);

  if (customTypes.length > UPLOAD_LIMITS.customTypesItems) errs.add('custom_types', 'At most 50 custom types may be sent.');
  customTypes.forEach((t, i) => {
    if (t.trim() === '') errs.add(`custom_types.${i}`, 'A custom type must not be empty.');
    else if ([...t].length > UPLOAD_LIMITS.customTypeChars) errs.add(`custom_types.${i}`, 'A custom type may be at most 100 characters.');
  });

  const pages = emptyToNull(scalar.get('pages'));
  if (pages !== null) {
    if (pages.length > UPLOAD_LIMITS.pagesChars) errs.add('pages', 'The page selection may be at most 255 characters.');
    else if (mode !== 'analysis') errs.add('pages', 'A page selection is only accepted in analysis mode.');
    else if (raw.file.family === 'word' || raw.file.family === 'email' || raw.file.family === 'video' || raw.file.format === 'tiff') {
      errs.add('pages', 'A page selection is not accepted for Word, TIFF, e-mail or video files.');
    } else {
      const problem = parsePageTokens(pages);
      if (problem) errs.add('pages', problem);
    }
  }

  if (mode === 'validation') {
    if (raw.file.present && raw.file.family !== 'pdf' && raw.file.family !== 'xml') errs.add('file', 'Validation mode accepts only PDF or XML files.');
    if (profile !== DEFAULT_PROFILE) errs.add('extraction_profile', 'Validation mode supports only the generic profile.');
  }
  if (profile && mode) {
    const rules = findProfile(profile)!.uploadRules({ processing_mode: mode, file_family: raw.file.present ? raw.file.family : null, allow_ai_processing: allowAi });
    for (const e of rules) errs.add(e.field, e.message);
  }

  if (!errs.empty) return { errors: errs.errors };
  return {
    fields: {
      processing_mode: mode!,
      processing_lane: lane!,
      extraction_profile: profile!,
      pages,
      text,
      // R3: validation mode neither uses nor persists custom types.
      custom_types: customTypesSent && mode !== 'validation' ? customTypes : null,
      requester,
      locale,
      allow_ai_processing: allowAi,
      allow_ai_processing_sent: aiRaw !== undefined,
    },
  };
}

function pickEnum<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, field: string, errs: FieldErrorCollector): T | undefined {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  errs.add(field, `${field} must be one of: ${allowed.join(', ')}.`);
  return undefined;
}

function emptyToNull(v: string | undefined): string | null {
  return v === undefined || v === '' ? null : v;
}
