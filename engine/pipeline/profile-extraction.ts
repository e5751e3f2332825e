// Extraction mode with a profile that has its own run (spec 1 "Extraction profiles", 2.7,
// 2.8): the same reading steps as generic extraction (thumbnail, page count and band
// settlement at the run's recorded rate, native text, OCR for image pages, previews), then
// the profile's run, then the run's versions and quality and the profile result are stored.
// A run without a usable payload ends the document in `error` (credits returned).
import type { DocumentRow, RunRow } from '../store/rows.js';
import { OpenAiCompatibleProvider } from '../extract/ai/openai-http.js';
import { getAiSettings } from '../extract/ai/settings.js';
import type { FileFormat } from '../formats/detect.js';
import type { ProfileRun, ProfileRunContext } from '../profiles/types.js';
import { insertProfileResult } from '../store/profile-results.js';
import { recordRunOutcome } from '../store/runs.js';
import { readForRun } from './analysis.js';
import { DocumentFailure, setStage, type PipelineDeps } from './steps.js';

export async function runProfileExtraction(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat, profileRun: ProfileRun): Promise<void> {
  const read = await readForRun(deps, doc, run, format, { emptyIsFailure: false });
  await setStage(deps, doc.id, 'extracting');

  // R2 and the AI switch, as for the generic profile: AI only when allowed and configured.
  let ai: ProfileRunContext['ai'];
  if (doc.ai_processing !== 1) ai = { provider: null, reason: 'allow_ai_processing_false' };
  else {
    const settings = await getAiSettings(deps.db);
    ai = settings ? { provider: new OpenAiCompatibleProvider(settings), max_input_chars: settings.max_input_chars } : { provider: null, reason: 'no_provider_configured' };
  }
  const out = await profileRun({ components: read.components, pages: read.pages }, { profile_version: run.profile_version, ai });

  const quality: Record<string, unknown> = { ...structuredClone(read.quality), ...out.quality };
  const reasons = new Set<string>(read.quality.reasons);
  const aiStatus = (out.quality.ai as { status?: string } | undefined)?.status;
  if (aiStatus === 'degraded' || aiStatus === 'unavailable') reasons.add(`ai_${aiStatus}`);
  quality.reasons = [...reasons];
  quality.status = reasons.size ? 'degraded' : 'normal';
  quality.degraded = reasons.size > 0;

  await recordRunOutcome(deps.db, run.id, {
    quality: JSON.stringify(quality),
    strategies_used: JSON.stringify(out.strategies_used),
    extraction_schema_version: out.result.schema_version,
    extractor_version: out.extractor_version,
    ai_prompt_version: out.ai_prompt_version,
    ai_model: out.ai_model,
    ai_reasoning_effort: out.ai_reasoning_effort,
  });
  await insertProfileResult(deps.db, { ...out.result, document_id: doc.id, run_id: run.id, account_id: doc.account_id });
  if (out.failure) throw new DocumentFailure(out.failure.message, out.failure.error_code);
}
