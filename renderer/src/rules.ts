// The upload rules of spec 4.3 / R1-R4 / section 8, checked before sending so the clerk reads
// the rule in words next to the option instead of a 422 afterwards. The engine stays the
// authority (engine/documents/upload-rules.ts); its 422 field errors are still shown.
import type { TFunc } from './i18n';
import type { UploadOptions } from './store';

export type Family = 'pdf' | 'xml' | 'word' | 'email' | 'image' | 'tiff' | 'video' | 'other';

export function familyOf(filename: string): Family {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'xml') return 'xml';
  if (ext === 'docx' || ext === 'doc') return 'word';
  if (ext === 'eml' || ext === 'msg') return 'email';
  if (ext === 'tif' || ext === 'tiff') return 'tiff';
  if (['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'].includes(ext)) return 'image';
  if (['mp4', 'mov', 'webm', 'mkv', 'avi'].includes(ext)) return 'video';
  return 'other';
}

export function pagesProblem(t: TFunc, pages: string): string | null {
  if (pages.length > 255) return t('rule.pages_length');
  for (const raw of pages.split(',')) {
    const tok = raw.trim();
    if (tok === '') return t('rule.pages_empty');
    if (tok === 'first' || tok === 'last' || tok === 'all') continue;
    if (!/^[1-9]\d{0,8}$/.test(tok)) return t('rule.pages_token', { token: tok.slice(0, 20) });
  }
  return null;
}

/** Conflicts between the chosen options themselves, keyed by option. */
export function optionProblems(t: TFunc, o: UploadOptions): Partial<Record<keyof UploadOptions, string>> {
  const p: Partial<Record<keyof UploadOptions, string>> = {};
  if (o.extraction_profile === 'de.energy.supply-invoice') {
    if (o.processing_mode !== 'extraction') p.extraction_profile = t('rule.energy_mode');
    else if (!o.allow_ai_processing) p.allow_ai_processing = t('rule.energy_ai');
  }
  if (o.processing_mode === 'validation' && o.extraction_profile !== 'generic') p.extraction_profile = t('rule.validation_profile');
  if (o.pages.trim()) {
    if (o.processing_mode !== 'analysis') p.pages = t('rule.pages_mode');
    else {
      const problem = pagesProblem(t, o.pages.trim());
      if (problem) p.pages = problem;
    }
  }
  const types = o.custom_types
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (types.length > 50) p.custom_types = t('rule.custom_types_count');
  else if (types.some((x) => [...x].length > 100)) p.custom_types = t('rule.custom_types_length');
  if ([...o.requester].length > 255) p.requester = t('rule.requester_length');
  return p;
}

/** Why this file will be refused with these options, or null. */
export function fileProblem(t: TFunc, o: UploadOptions, filename: string): string | null {
  const family = familyOf(filename);
  if (o.processing_mode === 'validation' && family !== 'pdf' && family !== 'xml') return t('rule.validation_file');
  if (o.extraction_profile === 'de.energy.supply-invoice' && family !== 'pdf') return t('rule.energy_file');
  if (o.pages.trim() && o.processing_mode === 'analysis' && (family === 'word' || family === 'email' || family === 'video' || family === 'tiff')) return t('rule.pages_family');
  return null;
}
