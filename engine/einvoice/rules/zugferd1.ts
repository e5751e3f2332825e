// ZUGFeRD 1.0 COMFORT (Docdesk's configuration, spec 2.4): the profile identifier, the
// document TypeCode 380 or 84, the supported tax type codes, and the arithmetic of the
// totals. The FeRD 1.0 Schematron's arithmetic findings do not decide acceptance in the
// reference verdicts, so the arithmetic rules report at warning level.
import { all, at, val } from '../nav.js';
import type { Rule } from '../rule.js';
import { count, d, has, num, round2, rule } from './util.js';

const Z = (id: string, about: string, check: Rule['check'], severity: 'error' | 'warning' = 'error') => rule(id, severity, ['zf1'], about, check);
const TAX_TYPE_CODES = new Set(['VAT', 'ZF_INSURANCE_TAX', 'AAJ']);

export const ZUGFERD1_RULES: Rule[] = [
  Z('ZF1-PROFILE', 'GuidelineSpecifiedDocumentContextParameter', ({ profile }) => profile !== 'zugferd-1.0-comfort'),
  Z('ZF1-TYPE-CODE', 'HeaderExchangedDocument/TypeCode', ({ model: m }) => m.type_code !== '380' && m.type_code !== '84'),
  Z('ZF1-TAX-TYPE-CODE', 'ApplicableTradeTax/TypeCode', ({ root }) => count(all(root, 'SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/ApplicableTradeTax/TypeCode'), (t) => !TAX_TYPE_CODES.has(val(t) ?? ''))),
  Z('ZF1-SUM-LINES', 'LineTotalAmount', ({ model: m }) => has(m.totals.line_net_sum) && m.lines.length > 0 && d(m.totals.line_net_sum) !== round2(m.lines.reduce((t, l) => t + num(l.net_amount), 0n)), 'warning'),
  Z('ZF1-SUM-TAX-BASIS', 'TaxBasisTotalAmount', ({ model: m }) => has(m.totals.net_amount) && has(m.totals.line_net_sum) && d(m.totals.net_amount) !== round2(num(m.totals.line_net_sum) - num(m.totals.allowance_sum) + num(m.totals.charge_sum)), 'warning'),
  Z('ZF1-SUM-TAX', 'TaxTotalAmount', ({ model: m }) => has(m.totals.vat_amount) && m.vat_breakdown.length > 0 && d(m.totals.vat_amount) !== round2(m.vat_breakdown.reduce((t, b) => t + num(b.tax_amount), 0n)), 'warning'),
  Z('ZF1-SUM-GRAND', 'GrandTotalAmount', ({ model: m }) => has(m.totals.gross_amount) && has(m.totals.net_amount) && d(m.totals.gross_amount) !== round2(num(m.totals.net_amount) + num(m.totals.vat_amount)), 'warning'),
  Z('ZF1-SUM-DUE', 'DuePayableAmount', ({ model: m }) => has(m.totals.payable_amount) && has(m.totals.gross_amount) && d(m.totals.payable_amount) !== round2(num(m.totals.gross_amount) - num(m.totals.prepaid_amount)), 'warning'),
  Z('ZF1-SETTLEMENT', 'ApplicableSupplyChainTradeSettlement', ({ root }) => at(root, 'SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement') === undefined),
];
