// What the extractor knew about one emitted value (issue 14, `prec13`): the features an abstention
// rule may use, recorded beside right/wrong for the precision development set. Every feature comes
// from the extraction result the product returns (provenance, candidates, conflict_fields) or from
// the read page (OCR confidence of the words under the value), never from the truth.

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * One record: { field, right, method, verdict, cues, doubts, evidence, confirm, ocr, ocrLow, minConf, score, rivalScore,
 * gap, rivals, region, page, conflict }. `resultField` is the product's field name (tax_amount for
 * the eval's tax_total).
 */
export function fieldFeatures(result, resultField, pages) {
  const r = result.fields[resultField];
  const prov = r?.provenance ?? null;
  const transforms = prov?.transforms ?? [];
  const tag = (prefix) => transforms.filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length));
  const key = JSON.stringify(r?.value);
  const cands = r?.candidates ?? [];
  const own = cands.filter((c) => JSON.stringify(c.value) === key);
  const others = cands.filter((c) => JSON.stringify(c.value) !== key);
  const score = own.length ? Math.max(...own.map((c) => c.score)) : null;
  const rivalScore = others.length ? Math.max(...others.map((c) => c.score)) : null;
  const src = prov?.source ?? null;
  const page = src?.page != null ? pages.find((p) => p.page === src.page) : null;
  const ocr = page ? page.source !== 'native' : pages.some((p) => p.source !== 'native');
  let minConf = null;
  if (page && src?.bbox && ocr) {
    const under = page.words.filter((w) => overlaps(w.bbox, src.bbox));
    if (under.length) minConf = Math.min(...under.map((w) => w.confidence));
  }
  return {
    method: prov?.method ?? 'derived',
    verdict: tag('agreement:')[0] ?? 'none',
    cues: (tag('cues:')[0] ?? '').split('+').filter(Boolean),
    // The engine's own doubts (engine/extract/field-agreement.ts): the abstention rules are scored on these.
    doubts: (tag('doubts:')[0] ?? '').split('+').filter(Boolean),
    // The page's positive evidence (evidence14: printed-twice, domain, holder, terms-agree).
    evidence: (tag('evidence:')[0] ?? '').split('+').filter(Boolean),
    confirm: tag('confirm:'),
    ocr,
    ocrLow: transforms.includes('ocr:low-confidence'),
    minConf,
    score,
    rivalScore,
    gap: score !== null && rivalScore !== null ? Math.round((score - rivalScore) * 100) / 100 : null,
    rivals: others.length,
    region: src?.bbox && src.page_size ? Math.round((src.bbox.y / src.page_size.height) * 100) / 100 : null,
    page: src?.page ?? null,
    conflict: result.conflict_fields.includes(resultField),
  };
}
