// Names printed once (eighth pass). The supplier's name is printed with its legal weight in
// two places a bill cannot do without — the sender line above the address window and the legal
// line with its commercial register — and the name read must be that name, not merely share
// words with it ("Energie GmbH" inside "Nord Energie GmbH"). The grid and metering operators are
// other companies than the supplier unless the bill says so in words. (The customer's name —
// a street, a salutation alone, a department, a c/o line — is judged by the policy: policy.ts.)
import type { InvoiceData } from '../payload.js';
import type { DocView, EvidenceLog } from './doc.js';
import { compact, LEGAL_FORM, OTHER_COMPANY, registerPrintings } from './printings.js';
import { parseAddressLine } from './values.js';

/** "Netzbetreiber ist zugleich …", "… ist auch Ihr Messstellenbetreiber": the bill says the supplier operates the grid or meter. */
const SAYS_OPERATOR = /(?:netz|messstellen)betreiber[^.\n]{0,60}\b(?:zugleich|gleichzeitig|ebenfalls|auch|selbst)\b|\b(?:zugleich|gleichzeitig|ebenfalls|auch|selbst)\b[^.\n]{0,40}(?:netz|messstellen)betreiber/i;

/** The supplier's legal names: the company its register line names, and the company of a sender line (name · street · postcode city). */
export function legalNames(view: DocView): string[] {
  const out = new Set<string>();
  for (const r of registerPrintings(view).read) if (r.company && !OTHER_COMPANY.test(r.company)) out.add(r.company.replace(/\s+/g, ' '));
  for (const l of view.lines.filter((x) => x.page === view.pages[0] && x.bbox.y < x.pageHeight * 0.3)) {
    const parts = l.text.split(/\s[·|•]\s|,\s/).map((p) => p.trim());
    if (parts.length < 2 || !LEGAL_FORM.test(parts[0]!) || !/^\p{Lu}/u.test(parts[0]!) || OTHER_COMPANY.test(parts[0]!)) continue;
    if (parseAddressLine(parts.slice(1).join(', '))) out.add(parts[0]!.replace(/\s+/g, ' '));
  }
  return [...out];
}

export function checkNamesPrintedOnce(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const supplier = data.supplier.name;
  if (supplier && log.has('supplier', 'name')) {
    const legal = legalNames(view).filter((n) => !data.customer.name || compact(n) !== compact(data.customer.name));
    const other = legal.find((n) => compact(n) !== compact(supplier));
    if (other) log.doubt('supplier', 'name', `the legal line or sender line names "${other}", not "${supplier}"`);
  }
  if (supplier) {
    const says = view.lines.some((l) => SAYS_OPERATOR.test(l.text));
    for (const sp of data.supply_points) {
      for (const k of ['network_operator_name', 'metering_operator_name'] as const) {
        const name = sp[k];
        if (name && compact(name) === compact(supplier) && !says) log.doubt(sp.entity_ref, k, `"${name}" is the supplier; the bill does not say it also operates the ${k === 'network_operator_name' ? 'grid' : 'meter'}`);
      }
    }
  }
}
