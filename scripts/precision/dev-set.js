// scripts/eval-generic.js's side of the precision development set (prec13): a perturbed document in
// place of the read one, and one record per emitted value. The eval skips held-out and unseen
// documents before calling either (rule 7).
import { fieldFeatures } from './features.js';
import { perturb } from './perturb.js';

/** The eval's document and reading with a perturbation applied, or null when it does not apply. */
export function perturbed(kind, d, read, printed, round) {
  const v = perturb(kind, d.id, read.pages, d.truth, printed, round);
  if (!v) return null;
  const components = read.components.map((c) => ({ ...c, pages: v.pages.map((p) => p.page) }));
  // Scored on the perturbed page: what it prints is what the extractor could read.
  return { d: { ...d, truth: v.truth, origTruth: d.truth, pageText: v.pages.map((p) => p.text).join('\n'), target: v.target, perturbation: kind }, read: { ...read, components, pages: v.pages } };
}

/**
 * The cross-validation group of a document: its source repository (corpus documents: the repository
 * part of the id), a generator family, or a shared-samples set; native and scanned variants together.
 */
export function groupOf(d) {
  if (d.source) return d.source;
  if (d.set.startsWith('corpus')) return d.id.split('__')[0];
  return d.set.replace(/^gen-scan-/, 'generated-').replace(/-(native|scan)$/, '');
}

/** `rightBefore`: the value is the unperturbed truth (a blanked total derived by arithmetic is no wrong value). */
export function record(d, field, right, result, pages, rightBefore) {
  return {
    id: d.id, split: d.split, set: d.set, group: groupOf(d), perturbation: d.perturbation ?? 'none', target: d.target === field,
    field, right, rightBefore,
    ...fieldFeatures(result, field === 'tax_total' ? 'tax_amount' : field, pages),
  };
}
