// The upload scanner (spec 2.1 scanner_status / scanner_provider / scanner_message): runs in a
// worker before any reader touches the file. Content identification, then ClamAV when the
// machine has it, then Docdesk's own active-content rules. Any "no" rejects the upload.
import { detectFormat, type FileFormat } from '../formats/detect.js';
import { clamavConfigFromEnv, clamavScan } from './clamav.js';
import { checkActiveContent, type ContentRuleOptions } from './rules.js';

const CONTENT_RULES_PROVIDER = 'docdesk-content-check';

export interface ScanOutcome {
  status: 'clean' | 'rejected';
  /** Set when the content is a supported format (also when rejected for its content). */
  format: FileFormat | null;
  provider: string;
  message: string;
  /** `malware:<signature>`, a rule id from ./rules.ts, or `unsupported_format`. */
  rule: string | null;
}

export async function scanUpload(path: string, opts: ContentRuleOptions): Promise<ScanOutcome> {
  const detection = await detectFormat(path);
  if (!detection.format) {
    return { status: 'rejected', format: null, provider: CONTENT_RULES_PROVIDER, message: detection.reason ?? 'The file content is not a supported document format.', rule: 'unsupported_format' };
  }
  const format = detection.format;
  const clam = await clamavScan(path, clamavConfigFromEnv());
  const provider = clam.available ? `${clam.provider} + ${CONTENT_RULES_PROVIDER}` : CONTENT_RULES_PROVIDER;
  if (clam.available && clam.signature) {
    return { status: 'rejected', format, provider, message: `ClamAV found malware in the file (${clam.signature}); Docdesk did not open it.`, rule: `malware:${clam.signature}` };
  }
  const finding = await checkActiveContent(path, format, opts);
  if (finding) return { status: 'rejected', format, provider, message: finding.message, rule: finding.rule };
  const antivirus = clam.available ? 'ClamAV found nothing' : `${clam.reason}, so only Docdesk's own rules ran`;
  return { status: 'clean', format, provider, message: `Content identified as ${format}; ${antivirus}; no active content found.`, rule: null };
}
