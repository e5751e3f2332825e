#!/usr/bin/env node
// Development corpus for generic extraction (`node scripts/corpus/build.js`): hybrid invoices
// (Factur-X / ZUGFeRD PDFs) from public repositories, whose embedded XML gives the truth while
// extraction only sees the visible pages. Written to .corpus/ (gitignored, never committed):
//   .corpus/docs/<id>.pdf        the PDF as published
//   .corpus/docs/<id>.xml        its embedded invoice XML (pdfdetach)
//   .corpus/scans/<id>/p<N>.jpg  a scanned variant: pages rendered and degraded (a subset)
//   .corpus/manifest.json        per document: source repository, commit, path, sha256, split
// Repositories are read from bare mirrors: $CORPUS_MIRRORS/<owner>+<name>/repo (default
// /work/.mirror, where the development tools put them), else cloned into .corpus/mirrors/.
//
// Never used (reserved for independent measurement): ZUGFeRD/corpus `ZUGFeRDv2/correct` and
// invoice2data `tests/compare`. Because the FeRD specification examples (EN16931_*, BASIC_*,
// EXTENDED_*, MINIMUM_*, XRECHNUNG_* …) also sit in the reserved folder, they are skipped in
// every source, and so is ZUGFeRD/corpus `XML-Rechnung/FX` (the same examples again).
//
// Tuned-only sources (`tunedOnly`, rounds 5 to 19; rounds 8, 13 and 19 are unseen: measured only, never tuned on; the others were folded into development data) are never held out and never add a held-out family or
// seller to the tuned set (heldOutLeak); their documents are marked `source: "new"` (`"new<round>"`) in the manifest.
// Split (fixed in eval/generic-split.json, see docs/decisions.md): every document of the repositories in HELD_OUT_REPOS,
// plus every layout family (file name without its profile part) whose sha256 of
// "<repo>:<family>" starts with 0-3, is held out; the rest is tuned on. A scanned variant is made for documents whose sha256's second hex digit is 0-5.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isScannedCase, usableGroundTruth } from './ground-truth-json.js';
import { invoiceListEntry } from './invoice-list-json.js';
import { templateDataTruth } from './template-data.js';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const OUT = join(ROOT, '.corpus');
const MIRRORS = process.env.CORPUS_MIRRORS ?? '/work/.mirror';

export const SOURCES = [
  { repo: 'ZUGFeRD/corpus', include: [/^ZUGFeRDv1\/correct\/.*\.pdf$/i, /^ZUGFeRDv2\/fail\/.*\.pdf$/i] },
  { repo: 'ZUGFeRD/mustangproject', include: [/^(library|validator)\/src\/test\/resources\/[^/]+\.pdf$/i] },
  { repo: 'horstoeko/zugferd', include: [/^tests\/assets\/[^/]+\.pdf$/i, /^examples\/assets\/[^/]+\.pdf$/i] },
  { repo: 'akretion/factur-x', include: [/^tests\/fixtures\/pdf\/[^/]+\.pdf$/i] },
  // Round 5 (issue 14): tuned-only sources, never held out, so that the held-out split above stays
  // as it was and its figure comparable. `commit` reads files a repository has since deleted.
  // Left out on purpose: the FNFE/FeRD specification examples these repositories also copy
  // (SPEC_EXAMPLE), personal invoices (a private person's phone bill in mahdiabderraouf/facturx-php),
  // and the horstoeko/akretion authors' other repositories (their layouts are held out).
  { repo: 'VALENTINDML/facturx-cas-limites', tunedOnly: true, include: [/^cas\/[^/]+\/facture\.pdf$/i] },
  { repo: 'itext/i7js-zugferd', tunedOnly: true, include: [/^cmp\/[^/]+\.pdf$/i] },
  { repo: 'Securibox/facturx', tunedOnly: true, include: [/^Securibox\.FacturX\.Tests\/Invoices\/(Custom|Extended|EN16931|Basic)\/[^/]+\.pdf$/i] },
  { repo: 'TuloSharp/tulo.eInvoiceCreatorZUGFeRD', tunedOnly: true, include: [/^ReadMeAsserts\/[^/]+\.pdf$/i, /^Tests\/[^/]+\/Examples\/[^/]+\.pdf$/i] },
  { repo: 'mahdiabderraouf/facturx-php', tunedOnly: true, commit: 'ad3a9395340bc0a6a7861f97e59473d0b9c4843c', include: [/^Facture_F-\d+\.pdf$/i] },
  { repo: 'konik-io/konik', tunedOnly: true, include: [/^src\/test\/resources\/(fail_samples\/)?[^/]+\.pdf$/i, /^src\/test\/resources\/pdf_examples\/[^/]+\.pdf$/i] },
  { repo: 'ZUGFeRD/quba-viewer', tunedOnly: true, include: [/^000resources\/(testfiles\/)?[^/]+\.pdf$/i] },
  { repo: 'FacturX-NET/FacturXDotNet', tunedOnly: true, include: [/^src\/Tests\.FacturXDotNet[^/]*\/TestFiles\/.*\.pdf$/i] },
  { repo: 'stafyniaksacha/facturx', tunedOnly: true, include: [/^examples\/[^/]+\.pdf$/i] },
  // Round 6 (issue 14): more invoicing programs (`round: 6` gives them a table of their own). The
  // FeRD examples factur-x-kit copies under short names (test/pdfs/BASIC_Taxifahrt.pdf …) are not
  // included, its own generator's pages are (one layout in en/de/fr). Left out: Tiime-Software/Factur-X
  // (a lorem-ipsum page carries its XML), rycks/zugferd (a fork of a held-out author's library),
  // jerome-b-06/Factur-Xray (the seller of Mustang's held-out demo invoices), drocx/ZUGFeRD-Example
  // and OCA/edi's pdf_helper fixture (heldOutLeak: sellers of held-out documents).
  { repo: 'ahelmberger/factur-x-kit', tunedOnly: true, round: 6, include: [/^test\/pdfs\/createdPDFs\/PDF_DESIGN_[^/]+\.pdf$/i, /^test\/profiles\/pdf\/createdPDFs\/FacturX_(BASIC|Comfort)_Test\.pdf$/i, /^test\/pdfs\/ZFdemo_[^/]+\.pdf$/i] },
  { repo: 'OCA/edi', tunedOnly: true, round: 6, include: [/^pdf_helper\/tests\/fixtures\/pdf_with_xml_test\.pdf$/i, /^account_invoice_import_invoice2data\/tests\/pdf\/AzureInterior\.pdf$/i] },
  { repo: 'audrenbdb/facturx', tunedOnly: true, round: 6, include: [/^facture-test\.pdf$/i] },
  { repo: 'codinux-gmbh/eInvoicing', tunedOnly: true, round: 6, include: [/^e-invoice-domain\/src\/jvmTest\/resources\/files\/ZUGFeRD\.pdf$/i] },
  { repo: 'cnfilms/factur-x-ng', tunedOnly: true, round: 6, include: [/^facturx\/tests\/sample_invoices\/(Resultat_TEST-01_BASIC_Avec_xml_inclus|zugferd_example_invoice_en)\.pdf$/i] },
  { repo: 'facturx-engine/facturx-engine', tunedOnly: true, round: 6, include: [/^examples\/invoice_raw\.pdf$/i] },
  // Round 7 (issue 14): UNSEEN sources, measured and never tuned on (`source: "new7"`, eval table
  // "NEW SOURCES, UNSEEN"; no rule may be written from them). `idSuffix` tells apart two versions of
  // one path at different commits; `unscored` names fields whose XML value contradicts the printed
  // page (the generator's own bug), so they are not scored (docs/decisions.md, round 7).
  // Left out: files whose XML does not describe the printed page (templates with placeholder
  // text, a test generator's fixed XML), the PDFlib "Kraxi GmbH" cookbook invoice (a tuned layout:
  // Mustang's zugferd_invoice.pdf), a farm's invoice to a named private person, a KoSIT
  // visualisation of a FeRD example (microsoft/BCApps), Mustang-rendered pages (ZUGFeRD/REST-Converter).
  { repo: 'bba-git/test-factur-x-replit', tunedOnly: true, round: 7, include: [/^attached_assets\/Facture-de-ventes-[^/]+\.pdf$/i, /^facturx_compliant_invoice\.pdf$/i] },
  { repo: 'Romain04240/facturx-check', tunedOnly: true, round: 7, include: [/^Samples\/facture-demo-facturx\.pdf$/i] },
  { repo: 'fbonnafous31/eInvoicing', tunedOnly: true, round: 7, commit: 'e659c9c06520f205522bba11ff74f7a4b041fce7', include: [/^backend\/src\/uploads\/247_pdf-a3\.pdf$/i], unscored: { payment_due_date: 'the XML due date is the issue date; the page prints "30 jours fin de mois"' } },
  // 4D Write Pro's Factur-X demo: its XML names the seller as the buyer and an issue date of 2017 (the page: 2023).
  { repo: '4d-depot/HDI_4DWP_GenerateFacturX', tunedOnly: true, round: 7, commit: 'bd84603a1fae316f5a9e97785612d4dc0dd0a698', include: [/^facturxSample\.pdf$/i], idSuffix: '_de', unscored: { recipient_name: 'the XML names the seller as the buyer', issue_date: 'the XML issue date (2017) is not the printed one' } },
  { repo: '4d-depot/HDI_4DWP_GenerateFacturX', tunedOnly: true, round: 7, commit: '62e2bdd8e3bcea52856614c952e9aa95a4e9ca11', include: [/^facturxSample\.pdf$/i], idSuffix: '_fr', unscored: { recipient_name: 'the XML names the seller as the buyer', issue_date: 'the XML issue date (2017) is not the printed one' } },
  // Round 7b: not a hybrid. 18 synthetic invoice PDFs (native and scanned; MIT licence), each with
  // a `ground-truth.json` of the repository's own format beside it (`truthFile`: adapted by
  // ./ground-truth-json.js, stored as docs/<id>.truth.json). Cases that are no invoice or whose
  // truth is empty (a contract, a blank and an illegible scan: expectedOutcome "failed") are
  // skipped; the cases' own scans (sourceType "ocr") are scans (manifest `scanned: true`, read
  // through the normal PDF path with OCR) and get no second scanned variant. `optional`: when no
  // mirror can be had the source is skipped (listed in `skipped`), the rest of the corpus is built.
  { repo: 'serhiibublyk88/pdf-to-xrechnung', tunedOnly: true, round: 7, optional: true, commit: '0f8b90b9d084ce258479699e205b68006fdb4dc6', truthFile: 'ground-truth.json', include: [/^apps\/api\/evals\/dataset\/[^/]+\/invoice\.pdf$/i] },
  // Round 8 (issue 14, corpus9): UNSEEN like round 7 (`source: "new8"`, eval table "ROUND 8,
  // UNSEEN"; never tuned on, no rule may be written from them). Each document's truth was compared
  // with its printed page mechanically (pdftotext) before inclusion; docs/decisions.md, round 8,
  // lists what was looked at and left out.
  // orgaMAX's example invoice ("Beispielrechnung", a German invoicing program's own layout), vendored
  // by an invoice app as its real-world ZUGFeRD fixture.
  { repo: 'omerfkgoze/RechnungsAI', tunedOnly: true, round: 8, commit: '01e7437312b3eaa2e8c46b5819d570bf54c2004e', include: [/^packages\/pdf\/src\/__tests__\/fixtures\/zugferd-2-en16931\.pdf$/i] },
  // PDFKit's (the Node PDF library's) Factur-X example: its own drawn invoice layout, committed with
  // the e-invoice feature (commit 7cc66bd, not on the default branch). Its `examples/zugferd.pdf` is
  // the same invoice and page with an XRechnung-profile XML: left out as a duplicate page.
  { repo: 'foliojs/pdfkit', tunedOnly: true, round: 8, commit: '7cc66bd14656ecad94e0b9884a96264599954c12', include: [/^examples\/facturx\.pdf$/i] },
  // Not a hybrid: eight ReportLab invoices (two layouts, "classic" and "modern"; de/en; B2B, B2C,
  // reverse charge, §19 UStG, a credit note, two pages) with the generator's input as one JSON list
  // (`truthList`, adapted by ./invoice-list-json.js, stored as docs/<id>.truth.json).
  { repo: 'SvenSonnborn/e-invoice-processor', tunedOnly: true, round: 8, commit: 'e803c21bd9affb3799b1ab0b8508f235adf648d0', truthList: 'public/sample-invoices/invoices.json', include: [/^public\/sample-invoices\/sample-invoice-\d+\.pdf$/i] },
  // Round 9 (issue 14, corpus12): UNSEEN like rounds 7 and 8 (`source: "new9"`, eval table "ROUND 9,
  // UNSEEN"). Not hybrids: invoice programs whose example PDF was made from a data file committed
  // beside it at the same commit (`truthData`: the file next to the PDF and its format, adapted by
  // ./template-data.js and stored as docs/<id>.truth.json). Each truth was compared with its printed
  // page (pdftotext) before inclusion; docs/decisions.md, round 9, lists what was left out.
  // A pandoc + LaTeX invoice template (English labels, "Subtotal / VAT 20% / Total") and its data.yml (at the commit of the PDF).
  { repo: 'mrzool/invoice-boilerplate', tunedOnly: true, round: 9, commit: 'cf454e9b32daf9547599118eb236fe6745adcc1c', truthData: { file: 'data.yml', format: 'pandoc-invoice-yaml' }, include: [/^output\.pdf$/i] },
  // A Typst invoice template's first release (German "Rechnung", "Summe / 19% Mehrwertsteuer / Gesamt") and its invoice.toml.
  { repo: 'erictapen/typst-invoice', tunedOnly: true, round: 9, commit: 'a4be386008d0bbbbb547c2765280339a92672d26', truthData: { file: 'invoice.toml', format: 'typst-invoice-toml' }, include: [/^invoice\.pdf$/i] },
  // A Clojure Polish VAT invoice generator ("Faktura nr …", "Sprzedawca / Nabywca", VAT table) and its invoice.edn.
  { repo: 'dominem/faktura', tunedOnly: true, round: 9, commit: 'db2798e5096b1746a7f24b3e83042d92668ab48d', truthData: { file: 'invoice.edn', format: 'faktura-edn' }, include: [/^example\/invoice\.pdf$/i] },
  // A KSeF (Polish national e-invoice) visualisation generator: the PDF it drew from its example FA XML.
  { repo: 'sstybel/ksef-pdf-generator', tunedOnly: true, round: 9, commit: '70a96e65c048816f470ddaf342f0a073e9315e62', truthData: { file: 'invoice.xml', format: 'ksef-fa-xml' }, include: [/^examples\/invoice\.pdf$/i] },
  // A Node PDFKit invoice library's example (Spanish labels, per-line tax rates) and the payload it was made from.
  { repo: 'h1dd3nsn1p3r/pdf-invoice', tunedOnly: true, round: 9, commit: '2a87a09474811f27933168164dde6970ad812005', truthData: { file: 'example.ts', format: 'pdf-invoice-payload' }, include: [/^examples\/invoice\.pdf$/i] },
  // A pdfmake invoice CLI's example (French freelancer, no VAT, "Billed to", hours × rate) and its example.json.
  { repo: 'madeindjs/invoice-generator-pdf', tunedOnly: true, round: 9, commit: 'bfd224fa9962f84064b116bae436dcd6f3b7c3b1', truthData: { file: 'example.json', format: 'invoice-generator-pdf-json' }, include: [/^example\.json\.pdf$/i] },
  // A Crystal/libharu invoice CLI (US layout, "Sales Tax (5%)") and the YAML example built into its source, at the PDF's commit.
  { repo: 'hugopl/invoicegenerator', tunedOnly: true, round: 9, commit: '96f019173c352868d82beccb188b55eca26e0333', truthData: { file: () => 'src/invoicegenerator.cr', format: 'invoicegenerator-crystal' }, include: [/^examples\/invoice\.pdf$/i] },
  // Invopop's gobl.html: the HTML pages it rendered from its GOBL examples (examples/out/<name>.html
  // beside examples/<name>.json), printed to PDF here with Chromium (`renderHtml`: the page's own
  // stylesheets and script from assets/ at the same commit). One invoice per European VAT regime
  // of the examples, and the credit notes; receipts, orders, delivery notes and the variants of an
  // example (".adjustment", ".sandbox", ".void", "-env", "-manual", "-multipage"…) are not taken.
  { repo: 'invopop/gobl.html', tunedOnly: true, round: 9, commit: '29cddef36bc9b10e4fc489b8cfcc0d6da08d589b', renderHtml: { assets: { 'assets/styles': 'styles', 'assets/scripts': 'scripts' } }, truthData: { file: (path) => `examples/${basename(path, '.html')}.json`, format: 'gobl-envelope' }, include: [/^examples\/out\/(de-invoice|es-verifactu-invoice-limited-company|es-ticketbai-credit-note|fr-ctc-invoice-b2b|fr-ctc-credit-note|it-sdi-invoice-purchase-code|pt-at-invoice-cash-vat|pl-ksef-invoice|gr-mydata-invoice)\.html$/] },
  // Round 10 (issue 14, corpus13): UNSEEN like rounds 8 and 9 (`source: "new10"`, eval table "ROUND 10,
  // UNSEEN"). Invoice programs no earlier round used, each PDF made by the program from data committed at
  // the same commit (`truthData`; a function may name several files). Each truth was compared with its
  // printed page (pdftotext) before inclusion; docs/decisions.md, round 10, lists what was left out.
  // A Typst invoice template's visual-test fixtures (English, German, French labels of one layout), from its
  // example callers, the shared example data and the template's default VAT rate; and its YAML-input
  // fixture (a proportionate discount: amounts as the template computes them, net not mapped).
  { repo: 'ad-si/invoice-maker', tunedOnly: true, round: 10, commit: '4e6a5045947e6497540587af1967019f3b481bf5', truthData: { file: (path) => [`examples/${/expected-(\w+)\.pdf$/.exec(path)[1]}.typ`, 'fixtures/example-data.typ', 'invoice-maker.typ'], format: 'invoice-maker-typ' }, include: [/^fixtures\/expected-(en|de|fr)\.pdf$/] },
  { repo: 'ad-si/invoice-maker', tunedOnly: true, round: 10, commit: '4e6a5045947e6497540587af1967019f3b481bf5', truthData: { file: () => ['fixtures/example-data.yaml', 'invoice-maker.typ'], format: 'invoice-maker-yaml' }, include: [/^fixtures\/expected-load-yaml\.pdf$/] },
  // A Ruby/Prawn invoice library's committed examples (Czech and English labels, a bilingual one, a
  // three-page one, US date order), each with the example script that printed it; its "_a4" twins
  // (the same data on A4) and the examples that repeat another's data are not taken.
  { repo: 'strzibny/invoice_printer', tunedOnly: true, round: 10, commit: 'fc268b5f49ef354d966712b19b1d5dec9aaa164a', truthData: { file: (path) => path.replace(/\.pdf$/, '.rb'), format: 'invoice-printer-rb' }, include: [/^examples\/(simple_invoice|complex_invoice|czech_invoice|international_invoice|long_invoice|qr_invoice)\.pdf$/] },
  // A Node PDFKit invoice library's example ("Bill To / Bill From", "Total without VAT / VAT Rate / VAT Paid") and the script that made it.
  { repo: 'baptistejamin/node-microinvoice', tunedOnly: true, round: 10, commit: 'b58774d2aacfdba40fcc6863c4a49ed602909120', truthData: { file: () => 'examples/index.ts', format: 'microinvoice-ts' }, include: [/^examples\/example\.pdf$/] },
  // An HTML invoice builder's example (English, "INVOICE FROM / INVOICE TO", one total in USD) and its three chained configuration files.
  { repo: 'AlexAltea/invoice', tunedOnly: true, round: 10, commit: '068c9419f28f68b78ce1b1da44937311d80cb14a', truthData: { file: () => ['example/config-project.json', 'example/config-client.json', 'example/config-base.json'], format: 'alexaltea-invoice-json' }, include: [/^example\/invoice\.pdf$/] },
  // Round 11 (issue 14, corpus14): UNSEEN like rounds 8 and 10 (`source: "new11"`, eval table "ROUND 11,
  // UNSEEN"). Programs no earlier round used; each truth was compared with its printed page (pdftotext)
  // before inclusion; docs/decisions.md, round 11, lists what was looked at and left out.
  // A French Factur-X made by the e-invoicing platform Iopole (its own "label: value" rendering of the
  // CII), committed by a Laravel e-invoicing app as the invoice its webhook received; deleted one commit later.
  { repo: 'amazscript/laravel-einvoicing', tunedOnly: true, round: 11, commit: '23bd5b1575fab57bea3297721b70ee47438aded1', include: [/^facture\.pdf$/] },
  // An Austrian invoice (German, "Rechnung Nr.", "Gesamtbetrag Netto / Ust 20% / Gesamtbetrag Brutto")
  // and its data in domonda's invoice import format, committed together as the API's example.
  { repo: 'domonda/api', tunedOnly: true, round: 11, commit: '0e2bc38cc0e3304a376efc55c52688479e37abc4', truthData: { file: () => 'example/invoice.jsonc', format: 'domonda-invoice-jsonc' }, include: [/^example\/invoice\.pdf$/] },
  // Fifteen Austrian invoice templates (one per trade: craftsman, solar, IT, small business, EU reverse
  // charge, consulting, a trilingual hotel bill, construction progress billing, design studio, web shop,
  // law firm, restaurant, property management, energy community, start-up), each example PDF printed
  // from its HTML with the sample data committed beside it (`<template>_data.json`). Two pages
  // contradict or blur a field of their data: those fields are not scored.
  { repo: 'aaaalabs/austrian-invoice-templates', tunedOnly: true, round: 11, commit: 'adafdd66e61c634681a6c447b9837c4749111434', truthData: { file: (path) => path.replace(/_example\.pdf$/, '_data.json'), format: 'austrian-invoice-template-json' }, include: [/^templates\/\d\d_(?!solar_pv_modern|tourismus_dreisprachig)\w+\/\w+_example\.pdf$/] },
  { repo: 'aaaalabs/austrian-invoice-templates', tunedOnly: true, round: 11, commit: 'adafdd66e61c634681a6c447b9837c4749111434', truthData: { file: (path) => path.replace(/_example\.pdf$/, '_data.json'), format: 'austrian-invoice-template-json' }, include: [/^templates\/02_solar_pv_modern\/solar_pv_modern_example\.pdf$/], unscored: { tax_total: 'the page prints "Umsatzsteuer (0%): € 0,00" under a total of net + 20 %', tax_breakdowns: 'the page prints "Umsatzsteuer (0%): € 0,00" under a total of net + 20 %' } },
  { repo: 'aaaalabs/austrian-invoice-templates', tunedOnly: true, round: 11, commit: 'adafdd66e61c634681a6c447b9837c4749111434', truthData: { file: (path) => path.replace(/_example\.pdf$/, '_data.json'), format: 'austrian-invoice-template-json' }, include: [/^templates\/07_tourismus_dreisprachig\/tourismus_dreisprachig_example\.pdf$/], unscored: { gross_amount: 'the data\'s gross is the page\'s "Summe Brutto"; the invoice total printed is "GESAMTBETRAG" with the tax-free local tax' } },
  // Round 12 (issue 14, corpus15): UNSEEN like rounds 8 and 11 (`source: "new12"`, eval table "ROUND 12,
  // UNSEEN"). Eight invoice programs no earlier round used, each PDF made by the program from data
  // committed with it (`truthData`); each truth was compared with its printed page (pdftotext) before
  // inclusion, and no program gives more than a third of the round; docs/decisions.md, round 12, lists
  // what was looked at and left out.
  // A Go business-document generator: one sample invoice (English, US/Japanese firms, "Summary / VAT /
  // Total (including tax)") in three of its layouts; its Japanese sample and the other layouts are not taken.
  { repo: 'quailyquaily/bizdocgen', tunedOnly: true, round: 12, commit: '4d59e277a68276030e3d2a5b090b00aac4f20585', truthData: { file: (path) => path.replace(/-\w+\.pdf$/, '.yaml'), format: 'bizdocgen-yaml' }, include: [/^samples\/invoice-1-(classic|modern|split)\.pdf$/] },
  // A synthetic Spanish invoice generator (Faker data, "Factura / Datos del Emisor / Datos del Receptor",
  // "Subtotal / VAT (16%) / Total"; one English template): the rendered examples with a text layer, each
  // beside the JSON it was filled from. Its image-only renderings (templates 2-7, 9) are not taken.
  { repo: 'OpenInvoiceScan/invoice_dataset_generation', tunedOnly: true, round: 12, commit: 'fec108034e62d0a25894e25b85f3eb8d60165ad1', truthData: { file: (path) => path.replace(/\.pdf$/, '.json'), format: 'invoice-dataset-json' }, include: [/^12cfb1ae-3146-4c0b-be29-71d7b2485d28\.pdf$/, /^templates\/invoice_template_[18]\/[\w-]+\.pdf$/] },
  // A Preact invoice renderer's demo PDFs (Australian GST layout, "Bill to / Details", "Subtotal in AUD /
  // GST (10%) / Amount due") from its demo JSON; the no-logo and custom-logo demos repeat the first's data and page.
  { repo: 'DoccaPDF/docca-builder-node-preact', tunedOnly: true, round: 12, commit: '51f8c0b0c1e1a7420d33444181773cc33c9218c9', truthData: { file: (path) => `demo/data/${basename(path).replace(/-(logo-)?demo\.pdf$/, '')}.json`, format: 'docca-invoice-json' }, include: [/^sample-pdfs\/invoice-(logo|long)-demo\.pdf$/] },
  // An HTML-to-PDF library's invoice example and the data object of the script that printed it.
  { repo: 'thisha-me/pdf-light', tunedOnly: true, round: 12, commit: '4a162d71503b1748dd6a4881863124e10ccf2899', truthData: { file: () => 'examples/generate_invoice.ts', format: 'pdf-light-example-ts' }, include: [/^examples\/invoice\.pdf$/] },
  // A Python driver of the dapper-invoice LaTeX class (hours x rates, "Payable To", one total) and its example YAML.
  { repo: 'lowlandresearch/invoicing', tunedOnly: true, round: 12, commit: '53bd3961600bb0471125fd42e6d7a7e4c3b40cf2', truthData: { file: () => 'example-invoice.yml', format: 'dapper-invoice-yaml' }, include: [/^example-invoice\.pdf$/] },
  // A Python + LaTeX invoice generator (British, hours and expenses, one total) and the three
  // configuration files its example invoice was made from, at the PDF's commit.
  { repo: 'eniallator/Invoice-Generator', tunedOnly: true, round: 12, commit: 'c129c21b454be4e542023b62230426f8c7022020', truthData: { file: () => ['raw_invoices/johnDoe.2000.01.01.cfg', 'my_info.cfg', 'clients/johnDoe.cfg'], format: 'invoice-generator-cfg' }, include: [/^example_invoice\.pdf$/] },
  // A Python + LaTeX invoice generator (German recipient, 19 % VAT column, "Subtotal / VAT / Total") and its example YAML.
  { repo: 'zzkt/yoyodyne', tunedOnly: true, round: 12, commit: '7247bcfb03710fd574ef52da7152a681134142f3', truthData: { file: () => 'invoice-example.yaml', format: 'yoyodyne-yaml' }, include: [/^invoice-example\.pdf$/] },
  // A Python + Playwright invoice generator's public example ("FROM / BILL TO", "Subtotal / Tax / Total" in USD)
  // and its JSON; the author's own invoices under output/ are not taken.
  { repo: 'paulopompeu/invoices', tunedOnly: true, round: 12, commit: 'ad3cebc83ff468a50f2bed9f1069a2d1481f7330', truthData: { file: () => 'examples/invoice-example.json', format: 'pompeu-invoice-json' }, include: [/^examples\/invoice-example\.pdf$/] },
  // Round 13 (issue 14, corpus16): unseen like rounds 8 and 12, measured only; docs/decisions.md
  // "Generic extraction: round 13, unseen sources" says what was looked at and left out.
  // A Node invoice compiler's sample (samples/42.yml): its first version printed by XeLaTeX in German
  // ("Rechnung 42", "Netto / MwSt. 7 % / MwSt. 19 % / Rechnungsbetrag"), its last by Chromium in English.
  { repo: 'scalableminds/invoice-compiler', tunedOnly: true, round: 13, commit: '0120d22a46fe444489d54d3b6fb1e511cb1f0c99', idSuffix: '-xelatex', truthData: { file: () => 'samples/42.yml', format: 'invoice-compiler-yml' }, include: [/^samples\/42\.pdf$/] },
  { repo: 'scalableminds/invoice-compiler', tunedOnly: true, round: 13, commit: 'bbee6a53421dcde51d2e74d0f0ffc9196d123c78', truthData: { file: () => 'samples/42.yml', format: 'invoice-compiler-yml' }, include: [/^samples\/42\.pdf$/] },
  // A signed-invoice PDFKit library's docs/invoice.pdf and the example object of its README at that commit.
  { repo: 'maelgangloff/signed-invoice', tunedOnly: true, round: 13, commit: '4cb7d07d0678b8073422e938c8781afec0930050', truthData: { file: () => 'README.md', format: 'signed-invoice-readme' }, include: [/^docs\/invoice\.pdf$/] },
  // A German LaTeX invoice (invoice package, "Summe Dienstleistungen / Rabatt / Gesamtsumme", § 19 UStG) and its data files.
  { repo: 'd-koppenhagen/latex-rechnung', tunedOnly: true, round: 13, commit: '3139c8da7933f81c1993bfd5d33c20494307d97b', truthData: { file: () => ['_data.tex', '_invoice.tex', '_main.tex'], format: 'latex-rechnung-tex' }, include: [/^_main\.pdf$/] },
  // A Go PDF library's billing example (letterhead, "Invoice <number>", product rows, "Total: R$ …") and
  // the Go source that draws it (version 2; version 1's page of the same example is left out as a near copy).
  // A Rust PDF/A invoice library's example page (invoice.pdf) and the `src/main.rs` that printed it, in three of
  // its designs: "Sold by / Billed to" with ISO dates (Aug 2025), a later "Sold by / Billed to" page with German dates and "100,- €"
  // (Jan 2026), and "FROM / BILL TO" in dollars (its newest). The invoice.xml beside the newest is not used.
  { repo: 'LowPolyCat1/invoice-generator', tunedOnly: true, round: 13, commit: '88448afd22ea823eaf2ae9b710654439568eb5c2', idSuffix: '-2025-08', truthData: { file: () => 'src/main.rs', format: 'rust-invoice-main' }, include: [/^invoice\.pdf$/] },
  { repo: 'LowPolyCat1/invoice-generator', tunedOnly: true, round: 13, commit: '2e888bcc5a9074bd67c161475ee8a52f89bb6bbc', idSuffix: '-2026-01', truthData: { file: () => 'src/main.rs', format: 'rust-invoice-main' }, include: [/^invoice\.pdf$/] },
  { repo: 'LowPolyCat1/invoice-generator', tunedOnly: true, round: 13, commit: '5ce4061590c907e4c5a63d12b9bb9f367fa636a1', truthData: { file: () => 'src/main.rs', format: 'rust-invoice-main' }, include: [/^invoice\.pdf$/] },
  { repo: 'johnfercher/maroto', tunedOnly: true, round: 13, commit: 'aa2645f5ec73faf1c00aeb354bf954f878742a7f', truthData: { file: () => 'docs/assets/examples/billing/v2/main.go', format: 'maroto-billing-go' }, include: [/^docs\/assets\/pdf\/billingv2\.pdf$/] },
  // A MuleSoft HTML-to-PDF flow's Indian GST invoice ("Bill to / Invoice No. / Subtotal / GST: 12% / Total") and its sample input.
  { repo: 'yash-r-a/invoice-pdf', tunedOnly: true, round: 13, commit: '2e489c7414ca1ce22e3483679e30f85d8c8aad3f', truthData: { file: () => 'sample-input.json', format: 'gst-invoice-json' }, include: [/^sample-invoice\.pdf$/] },
  // A Toggl-to-invoice generator's example (ReportLab: "Bill To / Pay To", hours x rate per project, "TOTAL") and the mock script that printed it.
  { repo: 'slashtechno/toggl-invoice-generator', tunedOnly: true, round: 13, commit: 'ee4ef1f6c6f5ae70dbd2976b86c5dfed567c72b5', truthData: { file: () => 'generate_mock_invoice.py', format: 'toggl-mock-invoice-py' }, include: [/^example-invoice\.pdf$/] },
  // Round 14 (issue 14, corpus17): unseen like rounds 8 and 13, measured only; docs/decisions.md
  // "Generic extraction: round 14, unseen sources" says what was looked at and left out.
  // A Laravel invoice API's example page ("Business Details / Customer Details", "Subtotal / Taxes / TOTAL
  // (including taxes)" in €) and the JSON payload of the README's curl example at the same commit, in its
  // 2021 design and its first one (2018: another issuer, the number as title, a SIRET line).
  { repo: 'samber/invoice-as-a-service', tunedOnly: true, round: 14, commit: '5f55f247d3f0aa6a7672a30e9f6a971df61e9ff6', truthData: { file: () => 'README.md', format: 'invoice-as-a-service-readme' }, include: [/^example\.pdf$/] },
  { repo: 'samber/invoice-as-a-service', tunedOnly: true, round: 14, commit: '0738fa72df7a2f270804c63f130d13f610db8b9b', idSuffix: '-2018', truthData: { file: () => 'README.md', format: 'invoice-as-a-service-readme' }, include: [/^example\.pdf$/] },
  // A Go CLI for French freelancers ("Facture 000001 / Établie le / Échéance de paiement", one "Total", TVA non
  // applicable) and its example YAML and header file.
  { repo: 'Lesterpig/invoice', tunedOnly: true, round: 14, commit: '307ac591d1c1694f8ef3b89e4abc7dd519499c14', truthData: { file: () => ['example/000001.yml', 'example/header.txt'], format: 'lesterpig-invoice-yml' }, include: [/^example\/000001\.pdf$/] },
  // A Node invoice/order generator (pug, "Invoice / Ref. / Invoice date", three VAT rates, "Total exc. VAT /
  // Total VAT / Total inc. VAT") and the test that wrote its dist/invoice.pdf; the order page is not an invoice.
  { repo: 'rimiti/invoice-it', tunedOnly: true, round: 14, commit: '4747fce1ef14f11fb8c5468d812081c20de990f2', truthData: { file: () => 'test/invoice.js', format: 'invoice-it-test-js' }, include: [/^dist\/invoice\.pdf$/] },
  // A YAML + pug -> PDF tool's demo invoice ("Invoice for <client>", milestone rows, "Total: $4000") and its YAML.
  { repo: 'Jumballaya/PDF-puppet', tunedOnly: true, round: 14, commit: 'ed008e281fda793d4dd2afb031dcb1b61803e0d0', truthData: { file: () => 'demo/invoice.yml', format: 'pdf-puppet-yml' }, include: [/^test\.pdf$/] },
  // An Austrian firm's Markdown -> branded PDF generator: its example invoice (German, "Nettobetrag / USt. 20% /
  // Bruttobetrag", "€ 5.600,–") and the Markdown it was made from.
  { repo: 'Escape-Velocity-Consulting/brand', tunedOnly: true, round: 14, commit: '8ae03c2258126a6934bc4dec1908c6088ee4a74d', truthData: { file: () => 'examples/invoice.md', format: 'brand-invoice-md' }, include: [/^examples\/invoice\.pdf$/] },
  // PDF libraries' invoice examples, read from the code that draws them (as round 13's maroto): an Elixir
  // library's British invoice ("BILL TO / INVOICE NUMBER / INVOICE DATE / PAYMENT DUE", "Subtotal / VAT at 20% /
  // Total due (GBP)"), a Kotlin library's US invoice ("Invoice No / Issue date / Due date", "BILL TO / SHIP TO",
  // "Subtotal / Tax (8.5%) / Total due"), and a ReportLab script's Indian shop invoice ("Billed To", "Sub Total /
  // Tax / Service Charge / Discount / Total").
  { repo: 'thatsme/tincture', tunedOnly: true, round: 14, commit: '9f8f4d05fc1b9f0ff304b1669e7b6bef08066825', truthData: { file: () => 'examples/invoice.exs', format: 'tincture-invoice-exs' }, include: [/^examples\/output\/invoice\.pdf$/] },
  { repo: 'RikoAppDev/compose-pdf', tunedOnly: true, round: 14, commit: '80c986fb26f9047bb69d2465479c1e001a70f4df', truthData: { file: () => 'composepdf/src/commonMain/kotlin/io/github/rikoappdev/composepdf/examples/ExampleDocuments.kt', format: 'compose-pdf-invoice-kt' }, include: [/^samples\/invoice\.pdf$/] },
  { repo: 'amit9838/invoice_generator', tunedOnly: true, round: 14, commit: '902308759664e4e0df5531a54910fe4045d2ea94', truthData: { file: () => 'pdf.py', format: 'amit-invoice-py' }, include: [/^sample_invoice\.pdf$/] },
  // A hosted report service's API examples: the JSON posted to its invoice templates and the PDF it returned, in
  // Japanese (請求書, "小計（税抜） / 消費税（10%） / 合計（税込）") and English ("Sub Total / Tax / Amount").
  { repo: 're-port-flow/reportflow-examples', tunedOnly: true, round: 14, commit: '8e96ac68fb93b32503aa2222f9e08a3aa1292de3', truthData: { file: (path) => path.replace(/output\.pdf$/, 'input.json'), format: 'reportflow-input-json' }, include: [/^examples\/invoice(-en)?\/output\.pdf$/] },
  // A Go HTML/CSS-to-PDF engine's invoice example ("Invoice / No. / Bill to", "Subtotal / Tax (7%) / Total") and the Go data it fills.
  { repo: 'gompdf/gompdf', tunedOnly: true, round: 14, commit: '14c9588ca2ef8bc0cc6bd8859de29ef18d739abd', truthData: { file: () => 'examples/invoice/main.go', format: 'gompdf-invoice-go' }, include: [/^examples\/invoice\/invoice\.pdf$/] },
  // Round 15 (issue 14, corpus18): UNSEEN like rounds 8, 13 and 14 (`source: "new15"`, eval table "ROUND 15,
  // UNSEEN"). Programs no earlier round used, each PDF with the data it was printed from at the same commit
  // (`truthData`); docs/decisions.md, round 15, lists what was looked at and left out.
  // ISDOC.PDF (the Czech hybrid: an ISDOC XML inside the PDF) made by the ERP ABRA Gen's demo version ("Faktura -
  // daňový doklad", "DODAVATEL / ODBĚRATEL", rows per VAT rate in CZK); the truth is the ISDOC file committed beside
  // it, the same XML the PDF embeds. test001's page is drawn as outlines (no text layer).
  { repo: 'isdoc/isdoc.pdf', tunedOnly: true, round: 15, commit: '96f73f653c0abe5719de51bce41065d70f1418c1', truthData: { file: (path) => path.replace(/^examples\/output\//, 'examples/input/').replace(/\.pdf$/, ''), format: 'isdoc-xml' }, include: [/^examples\/output\/test00[12]\.isdoc\.pdf$/] },
  // ReportBro (a Python report engine): its demo invoice rendered by the test suite from the report definition's test data ("Invoice number / Date", "TOTAL NET / TOTAL VAT / TOTAL GROSS").
  { repo: 'jobsta/reportbro-lib', tunedOnly: true, round: 15, commit: '5773c8a52a56323af4c6b64921cfb1e7e182722b', truthData: { file: () => 'tests/data/demos/invoice/invoice.json', format: 'reportbro-definition-json' }, include: [/^tests\/data\/demos\/invoice\/report\.pdf$/] },
  // pdfme (a TypeScript PDF template engine): the Japanese invoice (請求書) its generator test printed from the template's inputs; the labels are the base PDF's outlines.
  { repo: 'pdfme/pdfme', tunedOnly: true, round: 15, unquotePaths: true, commit: 'f95d798a1864efbbca0c9cb37c29bb4230931094', truthData: { file: () => 'packages/generator/__tests__/assets/templates/請求書.json', format: 'pdfme-template-json' }, include: [/^packages\/generator\/__tests__\/assets\/pdfs\/assert\/請求書\.pdf$/] },
  // sahar (a Go layout engine): its invoice example ("INVOICE / Invoice # / Date / Due Date", "Bill To:", "Subtotal / Tax (13%) / Total") and the Go code that draws it.
  { repo: 'ella-to/sahar', tunedOnly: true, round: 15, commit: 'e148aaecdbb47bbe2020d8832b11ae3796b9ed80', truthData: { file: () => 'examples/invoice/main.go', format: 'sahar-invoice-go' }, include: [/^examples\/invoice\/invoice\.pdf$/] },
  // Docmosis (a document engine) cloud demo: a DOCX invoice template rendered with its test data ("INVOICE / Invoice No / Invoice Date", items, "Total:", "Payment Due By").
  { repo: '530Digital/demo-docmosis-cloud', tunedOnly: true, round: 15, commit: '445a6e6f5ec96097794b75a8c5075be7e829241b', truthData: { file: () => 'test-data/data.js', format: 'docmosis-demo-data-js' }, include: [/^output\/Invoice\.pdf$/] },
  // Round 16 (issue 14, corpus19): UNSEEN like rounds 8, 13 and 15 (`source: "new16"`, eval table "ROUND 16,
  // UNSEEN"). Programs no earlier round used, each PDF with the data it was printed from (`truthData`);
  // docs/decisions.md, round 16, lists what was looked at and left out.
  // PyInvoice (a Python ReportLab library): its demo page, on an orphan demo commit; the data is the README's usage
  // example of 9 minutes before (`truthData.commit`).
  { repo: 'CiCiApp/PyInvoice', tunedOnly: true, round: 16, commit: 'b88fd641652716f4950ac4009b1d1e0ddc33bf6c', truthData: { commit: '1aa2984c0fdd4a850eb6f349bbf4d95ce7475f93', file: () => 'README.rst', format: 'pyinvoice-readme' }, include: [/^dist\/simple\.pdf$/] },
  // invoice-pdfkit (a Node PDFKit trade-document library): the minimal invoice its test script printed (the example
  // is kept as a comment in test/run.ts at the same commit). Its stress-data invoice (test/1_invoice.pdf, items
  // composed in code) and its quote/packing/return/receipt/refund pages are not taken.
  { repo: 'Matteljay/invoice-pdfkit', tunedOnly: true, round: 16, commit: '168e0401abf4c21f43d61809823c901d8780c064', truthData: { file: () => 'test/run.ts', format: 'invoice-pdfkit-run-ts' }, include: [/^test\/simple\.pdf$/] },
  // Simple Invoice Generator (a Python Markdown -> PDF tool for Australian invoices): a batch run from its sample CSV and
  // the run's report; the batch's first two files by name only, so that no program gives more than half of the round.
  { repo: 'ndsi6382/Simple_Invoice_Generator', tunedOnly: true, round: 16, commit: 'd308d6c0c36c94893917de04ec333c5715aeb0ae', truthData: { file: () => ['samples/sample_batch.csv', 'samples/sample_batch_output/Report_2022-06-01_12-22-05.txt'], format: 'simple-invoice-batch' }, include: [/^samples\/sample_batch_output\/Invoice_2206010[01]\.pdf$/] },
  // Round 17 (issue 14, corpus20): UNSEEN like rounds 8, 13, 15 and 16 (`source: "new17"`, eval table "ROUND 17,
  // UNSEEN"). Programs no earlier round used, each PDF with the data it was printed from (`truthData`);
  // docs/decisions.md, round 17, lists what was looked at and left out.
  // BrazilFiscalReport (a Python library printing Brazilian fiscal documents): two DANFEs its test suite printed from
  // NF-e XML fixtures (Odoo Brasil demo data: "Empresa Lucro Presumido Ltda", "Empresa Simples Nacional Ltda").
  { repo: 'Engenere/BrazilFiscalReport', tunedOnly: true, round: 17, commit: '6f1369ddb7bc9f6df0e62eaa62b98d8d18c37ede', truthData: { file: (path) => `tests/fixtures/danfe/${{ danfe_default: 'nfe_test_1', danfe_sn: 'nfe_test_sn' }[/([^/]+)\.pdf$/.exec(path)[1]]}.xml`, format: 'nfe-danfe-xml' }, include: [/^tests\/generated\/danfe\/danfe_(default|sn)\.pdf$/] },
  // A Python fpdf2 invoice script: the page its run printed from `input/input-data.json` ("MISTER TWISTER" to "BEST SOLUTIONS SP. Z O.O.").
  { repo: 'Dzishy/PDF-invoice', tunedOnly: true, round: 17, commit: '29acae621ac7e3e6b56ce4a78acb622e102aa9f9', truthData: { file: () => 'input/input-data.json', format: 'dzishy-input-json' }, include: [/^output\/nr1-21\.08\.2024\.pdf$/] },
  // A solution of the Gophercises PDF exercise (Go, gofpdf): the invoice drawn from the code's own literals.
  { repo: 'Bouramas/pdf-drawer', tunedOnly: true, round: 17, commit: '9ea49189e5fba44ff45209ca1262c676812d8a8d', truthData: { file: () => 'pkg/invoice/invoice.go', format: 'gophercises-invoice-go' }, include: [/^output\/invoice\.pdf$/] },
  // A Go proof of concept comparing PDF libraries: the invoice its maroto renderer drew from `main.go`'s data.
  { repo: 'karkki-hub/pdfgen_poc', tunedOnly: true, round: 17, commit: 'a46ff7089addccedd8ec565f75c8adcad1677cc5', truthData: { file: () => 'main.go', format: 'pdfgen-poc-main-go' }, include: [/^output\/invoice-maroto\.pdf$/] },
  // yaml2pdf (a Go command filling an HTML template from YAML, printed by Chromium): its sample invoice and the YAML it came from.
  { repo: 'maietta/yaml2pdf', tunedOnly: true, round: 17, commit: 'a3bc128b36036081d6d7557f603ba9fd5f542dd5', truthData: { file: () => 'data/inv-001.yaml', format: 'yaml2pdf-invoice-yaml' }, include: [/^pdfs\/inv-001\.pdf$/] },
  // br_danfe (a Ruby Prawn library printing DANFEs): the page its spec compares against, printed from a placeholder NF-e
  // ("Nome do Remetente Ltda" to "Nome do Destinatario Pj Ltda"); its other fixtures name real companies: not taken.
  { repo: 'asseinfo/br_danfe', tunedOnly: true, round: 17, commit: '36242113a54e69cb4f3668e37c5ff67ca339c59a', truthData: { file: (path) => path.replace(/\.fixture\.pdf$/, ''), format: 'br-danfe-nfe-xml' }, include: [/^spec\/fixtures\/nfe\/v3\.10\/nfe_simples_nacional\.xml\.fixture\.pdf$/] },
  // NFEDanfe (a .NET PDFsharp library printing DANFEs): its sample NF-e ("EMPRESA EXEMPLO LTDA" to "CLIENTE EXEMPLO LTDA") and the page printed from it.
  { repo: 'fabyo/NFEDanfe', tunedOnly: true, round: 17, commit: 'a44c06fb3286235590898dba1084c0924394d421', truthData: { file: (path) => path.replace(/\.pdf$/, '.xml'), format: 'nfedanfe-nfe-xml' }, include: [/^samples\/nota-exemplo\.pdf$/] },
  // Round 18 (issue 14, corpus21): UNSEEN like rounds 8, 13 and 17 (`source: "new18"`, eval table "ROUND 18, UNSEEN").
  // Programs no earlier round used, one PDF each with the data it was printed from (`truthData`); docs/decisions.md,
  // round 18, lists what was looked at and left out.
  // super-facture (Java, Apache FOP, Québec French): the invoice `Main.java`'s literals printed ("Chat Illimités Inc.").
  { repo: 'NewLunarFire/super-facture', tunedOnly: true, round: 18, commit: '8964364e7f4228a24e0b589f8c23db45f2aad710', truthData: { file: () => ['src/main/java/org/tsavaria/nocturne/Main.java', 'src/main/java/org/tsavaria/nocturne/model/Facture.java'], format: 'super-facture-main-java' }, include: [/^facture\.pdf$/] },
  // LaTeX-Rechnung (a German LaTeX invoice package): its example ("Obelix GmbH & Co. KG" to "Hinkelsteininvest SE") at
  // the last commit whose page and `rechnung.tex` agree (later pages print the small-business branch the data does not set).
  { repo: 'chgrl/LaTeX-Rechnung', tunedOnly: true, round: 18, commit: 'a888f1081297666649831d54b49f5661f13e95e5', truthData: { file: () => 'rechnung.tex', format: 'latex-rechnung-chgrl-tex' }, include: [/^rechnung\.pdf$/] },
  // typst-business-templates (Typst templates filled from JSON, German): the IT-consultant example's invoice.
  { repo: 'diorcety/typst-business-templates', tunedOnly: true, round: 18, commit: '7bd8a6673c3c9be0207a21690f480f0087b69b6e', truthData: { file: () => ['examples/it-consultant/documents/invoices/2025/invoice.json', 'examples/it-consultant/data/company.json'], format: 'typst-business-invoice-json' }, include: [/^examples\/it-consultant\/output\/invoice\.pdf$/] },
  // my-invoices (a Typst invoice template, US): `main.pdf` compiled from `main.typ` ("Smug Cat Law Firm" to "Big Brain Industries LLC").
  { repo: 'cco/my-invoices', tunedOnly: true, round: 18, commit: 'f8d79bd96dde9517bc14aa10362e1b708eff32f9', truthData: { file: () => 'main.typ', format: 'cco-invoice-typ' }, include: [/^main\.pdf$/] },
  // facturation-generation-pdf (Python, Jinja2 + WeasyPrint, French): the invoice its first commit printed from `generate_invoice.py`'s mock data.
  { repo: 'Majdi-Abi-Dhiaf/facturation-generation-pdf', tunedOnly: true, round: 18, commit: '887279b99d8e872a50d9ede391b083901ed31680', truthData: { file: () => 'generate_invoice.py', format: 'facturation-weasyprint-py' }, include: [/^output\/facture\.pdf$/] },
  // Round 19 (issue 14, corpus22): unseen until fold19 (2026-11-28), tuned-only since (`source: "new19"`).
  // Programs no earlier round used, one PDF each with the data it was printed from (`truthData`); docs/decisions.md,
  // round 19, lists what was looked at and left out.
  // Factura-PYTHON- (Python, ReportLab platypus, Spanish): the invoice `facturaCompleja.py`'s literals printed ("DoubleZZ S.A." to "Spiderman").
  { repo: 'Geffrey99/Factura-PYTHON-', tunedOnly: true, round: 19, commit: '4803faad1463690cc8aa3d7c61a65f35ca94a3de', truthData: { file: () => 'facturaCompleja.py', format: 'geffrey-factura-compleja-py' }, include: [/^factura\.pdf$/] },
  // cream-invoice-machine (Python, fpdf2, Dutch) at its first commit: the notebook's `invoice_data` ("Bedrijf XYZ" to "Jan Jansen").
  { repo: 'nilanbais/cream-invoice-machine', tunedOnly: true, round: 19, commit: 'e3fedccaa913f32a1685d35bd953844f69a392bd', truthData: { file: () => ['main_file.ipynb', 'ref/invoice_class.py'], format: 'cream-invoice-notebook' }, include: [/^factuur\.pdf$/] },
  // coba-pdf (Node, Mustache + Puppeteer, Indonesian): the invoice `index.js`'s `data` literal printed (rupiah amounts, no parties).
  { repo: 'askareija/coba-pdf', tunedOnly: true, round: 19, commit: '21e8bc4f7c56ab569da16cb611faee1889ce5e26', truthData: { file: () => 'index.js', format: 'coba-pdf-index-js' }, include: [/^output\/invoice\.pdf$/] },
  // simple-invoice-generator (pandoc + XeLaTeX, English, Cyprus): the example page in `data.example.yml`'s own font ("Bertram Gilfoyle" to "Aviato").
  { repo: 'louiskounios/simple-invoice-generator', tunedOnly: true, round: 19, commit: 'fde6bc6b451733b2ea635da2d817fda6215e4e07', truthData: { file: () => 'data.example.yml', format: 'simple-invoice-generator-yml' }, include: [/^examples\/Ubuntu\.pdf$/] },
  // Invoice-Generator (Python, India GST): the page its CLI printed with the record it wrote beside it ("MEGARUSHER Technologies" to "ClientCorp").
  { repo: 'MegarusherSamarth/Invoice-Generator', tunedOnly: true, round: 19, commit: '621b85522d653f2735cc2b887862438a1fc3b6d2', truthData: { file: () => 'invoices/org1/INV-001.json', format: 'gst-invoice-generator-json' }, include: [/^invoices\/org1\/INV-001\.pdf$/] },
  // Round 20 (issue 14, corpus23): unseen (`source: "new20"`), measured only.
  // Programs no earlier round used, one PDF each with the data it was printed from (`truthData`); docs/decisions.md,
  // round 20, lists what was looked at and left out.
  // Invoice-Generator (Python, ReportLab canvas, Kenya): the page `invoice_generator.py` printed from its `SAMPLE` dict ("Vin Digital Studio" to "Savannah Retail Ltd", KES, 16 % VAT).
  { repo: 'matushkevin/Invoice-Generator', tunedOnly: true, round: 20, commit: '25236d59ccf81970342c7601c62b7b3f19238939', truthData: { file: () => 'invoice_generator.py', format: 'kenya-invoice-generator-py' }, include: [/^invoice_sample\.pdf$/] },
  // Swiss-QR-Bill (Python, pycairo, Swiss, French): the demo invoice with its QR-bill section, printed from the creditor, debtor and invoice JSON files the README names.
  { repo: 'kantium/Swiss-QR-Bill', tunedOnly: true, round: 20, commit: 'c9d63d2738302c4031ba834ac2e75a688ff1e14c', truthData: { file: () => ['Creditors/Robert.json', 'Debtors/Maria.json', 'Invoices/Invoice_220506_522.json', 'BillGenerator.py'], format: 'swiss-qr-bill-json' }, include: [/^demo_invoice\.pdf$/] },
  // Round 21 (issue 14, corpus24): unseen (`source: "new21"`), measured only. Programs no earlier round used, one PDF
  // each with the data it was printed from (`truthData`); docs/decisions.md, round 21, lists what was looked at and left out.
  // md2pdf (Markdown + pandoc + WeasyPrint): the example invoice its `invoice.py` and `contact-information.md` filled ("John Doe", EUR, no tax).
  { repo: 'BlenderDefender/md2pdf', tunedOnly: true, round: 21, commit: 'b3f0abb48c48691d4dfb2d3cefccafeb159ffa3e', truthData: { file: () => ['examples/invoice.py', 'examples/contact-information.md'], format: 'md2pdf-invoice-py' }, include: [/^examples\/invoice\.pdf$/] },
  // recipe-xml-xsl-fop (XSL-FO, Apache FOP, Spanish): the invoice FOP printed from `invoice.data.xml` with `invoice.template.xsl` (IVA 18 %, IRPF 15 % withheld).
  { repo: 'rusben/recipe-xml-xsl-fop', tunedOnly: true, round: 21, commit: 'd41a690529f7d25f853270c1607601b0610602de', truthData: { file: () => ['invoice.data.xml', 'invoice.template.xsl'], format: 'fop-invoice-data-xml' }, include: [/^invoice\.example\.pdf$/] },
  // pdf-Apache-FOP (XSL-FO, Apache FOP, English) at its first commit: the order lines of `data.xml` with the template's own number, date and parties.
  { repo: 'rubaka-pl/pdf-Apache-FOP', tunedOnly: true, round: 21, commit: '3543a07bbfeb1e3aa28c3f195a3877110e237b6b', truthData: { file: () => ['data.xml', 'template.xsl'], format: 'fop-orders-xml' }, include: [/^output\.pdf$/] },
  // abt (Rails billing application, XSL-FO, Apache FOP): the booked invoice its development seeds create, rendered by the application ("My Example B.V." to "Good Company Poland B.V.", reverse charge).
  { repo: 'Deduktiva/abt', tunedOnly: true, round: 21, commit: 'b256e238e5bf8479800986a5fd2682f868fde39a', truthData: { file: () => ['db/seeds.rb', 'db/schema.rb'], format: 'abt-seeds-rb' }, include: [/^db\/seed_data\/invoice_20250001\.pdf$/] },
  // Round 22 (issue 14, corpus25): unseen (`source: "new22"`), measured only. Programs no earlier round used, one PDF
  // each with the data it was printed from (`truthData`); docs/decisions.md, round 22, lists what was looked at and left out.
  // typst-invoice-template (Typst, Japanese 請求書): main.typ overrides nothing, so the page shows lib.typ's defaults (JPY, 10 % consumption tax).
  { repo: 'ryota2357/typst-invoice-template', tunedOnly: true, round: 22, commit: '0bb2b1717340c8737206e71495886005424ecb94', truthData: { file: () => ['main.typ', 'lib.typ'], format: 'ryota-typst-invoice-lib' }, include: [/^main\.pdf$/] },
  // typst-faktura (Typst package "faktura", German letter layout): the invoice its template/invoice.typ describes (19 % USt., due in 14 days).
  { repo: 'kaat0/typst-faktura', tunedOnly: true, round: 22, commit: 'a670fb16ab5fccfa06b0f3fe1e97904e8e3ce9d1', truthData: { file: () => ['template/invoice.typ', 'src/lib.typ'], format: 'kaat-typst-faktura' }, include: [/^template\/invoice\.pdf$/] },
  // make-invoice (Node, Handlebars + Puppeteer): the example invoice its test/context.json filled into test/template.html ("$", no tax).
  { repo: 'Johennes/make-invoice', tunedOnly: true, round: 22, commit: '133bb3d18af1f6d3fab7c5b32028ce9e8db2eee1', truthData: { file: () => ['test/context.json', 'test/template.html'], format: 'make-invoice-context-json' }, include: [/^test\/invoice\.pdf$/] },
  // Round 23 (issue 14, corpus26): unseen (`source: "new23"`), measured only. Programs no earlier round used, with the data
  // each page was printed from (`truthData`); docs/decisions.md, round 23, lists what was looked at and left out.
  // Billino (Python, ReportLab, German): the demo invoice its backend/scripts/demo_pdf_generation.py prints (19 % USt., EUR).
  { repo: 'wontknow/Billino', tunedOnly: true, round: 23, commit: 'd717a8ceb96b4634ffe099e4cba4900fdb55d0b8', truthData: { file: () => ['backend/scripts/demo_pdf_generation.py', 'backend/services/pdf_generator.py'], format: 'billino-demo-pdf-py' }, include: [/^backend\/scripts\/Demo_Individual_Invoice\.pdf$/] },
  // OCR_Docs_PFE's synthetic dataset (Faker fr_FR + Jinja2 + Chromium; Moroccan: MAD, ICE, TVA): one page per HTML template
  // (template_id 2, 1, 3), each with the label JSON the same run wrote beside it.
  { repo: 'Badr070118/OCR_Docs_PFE', tunedOnly: true, round: 23, commit: '062279ef8924dacf98371d980e9c5c7965b66a9b', truthData: { file: (path) => [path.replace('/output/pdfs/', '/output/labels/').replace(/\.pdf$/, '.json'), 'tools/synthetic_dataset/generate.py'], format: 'ocr-docs-synthetic-label-json' }, include: [/^tools\/synthetic_dataset\/output\/pdfs\/INV-2025-00000[134]\.pdf$/] },
  // Round 24 (issue 14, corpus27): unseen (`source: "new24"`), measured only. Programs no earlier round used, with the data
  // each page was printed from (`truthData`); docs/decisions.md, round 24, lists what was looked at and left out.
  // quarto-aus-invoice (Quarto + pandoc + LaTeX, an Australian "Tax Invoice"): the example its template.qmd renders.
  { repo: 'MikeLydeamore/quarto-aus-invoice', tunedOnly: true, round: 24, commit: '89648dc7d7cb69b848f5162c9f4b4e835603fe3e', truthData: { file: () => 'template.qmd', format: 'quarto-aus-invoice-qmd' }, include: [/^examples\/template\.pdf$/] },
  // Vault-DTE (Node, Faker mock data drawn by PDFKit; a Salvadoran DTE "FACTURA", USD, IVA 13 %): one page with its facturas.json entry.
  { repo: 'Henri-Funes/Vault-DTE', tunedOnly: true, round: 24, commit: 'e2d8bec13b549273173496b0231bb5b4cd7f544c', truthData: { file: () => ['server/mock-data/facturas.json', 'server/mock-data/generate-pdfs.cjs'], format: 'vault-dte-facturas-json' }, include: [/^server\/mock-data\/pdfs\/SA\/0746FDCC-CA86-4875-95EA-EF6E40F7F2D4\.pdf$/] },
  // typst_invoice (Typst 0.11, a US hours × rate invoice): invoice_tmpl.typ filled from invoice_data.json.
  { repo: 'unforswearing/typst_invoice', tunedOnly: true, round: 24, commit: 'ceae7583a5214b2f5c041bf7e0cf57bd4d3b56c3', truthData: { file: () => ['invoice_data.json', 'invoice_tmpl.typ'], format: 'unforswearing-typst-invoice-json' }, include: [/^invoice_tmpl\.pdf$/] },
  // pdf_generator (Python, PyFPDF): the invoice create_invoice.py printed from invoice_data.json (7 % tax, "$").
  { repo: 'kingamal/pdf_generator', tunedOnly: true, round: 24, commit: 'a25b33431629f83f7c4ba14d26363bb4ff1b0b0b', truthData: { file: () => ['invoice_data.json', 'create_invoice.py'], format: 'kingamal-create-invoice-py' }, include: [/^invoice\.pdf$/] },
  // ocamlinvoice (OCaml, its own PDF writer; Norwegian FAKTURA, NOK, no VAT): the page main.ml printed from example-invoice.json.
  { repo: 'aslak01/ocamlinvoice', tunedOnly: true, round: 24, commit: 'b69ac164247bd95280dfb690cdb2a99d60b413ce', truthData: { file: () => ['example-invoice.json', 'invoice_layout.ml'], format: 'ocamlinvoice-example-json' }, include: [/^invoice\.pdf$/] },
  // Round 25 (issue 14, corpus30): unseen (`source: "new25"`), measured only. Programs no earlier round used, with the data
  // each page was printed from (`truthData`); docs/decisions.md, round 25, lists what was looked at and left out.
  // invoice-generator (R: R Markdown + pagedown's Chromium; bilingual English / French): invoice 0002 of invoice_input.csv, as run.R renders it.
  { repo: 'derek-chan/invoice-generator', tunedOnly: true, round: 25, commit: '99964bb98e9ec1858f5a913c140cf845a8acf939', truthData: { file: () => ['invoice_input.csv', 'invoice_generation.Rmd', 'run.R'], format: 'derek-chan-invoice-rmd' }, include: [/^Invoice-Facture-0002\.pdf$/] },
  // Rechnungsprogramm (Python, fpdf2; German Rechnung, 7 % MwSt.): one run's PDF with the CSV the same run wrote from the same product list.
  { repo: 'RusmirOmerovic/Rechnungsprogramm', tunedOnly: true, round: 25, commit: 'df72456fe07e2412e8bae538f7ca7e55e75d5438', truthData: { file: (path) => [path.replace(/\.pdf$/, '.csv'), 'pdf_export.py'], format: 'rechnungsprogramm-csv-py' }, include: [/^daten\/2504-01_2025-04-28_06-40\.pdf$/] },
];
export const RESERVED = [/^ZUGFeRDv2\/correct\//i, /(^|\/)tests\/compare\//i, /^XML-Rechnung\/FX\//i];
const FERD_EXAMPLE = /^(EN16931|BASIC|BASIC-WL|BASICWL|EXTENDED|MINIMUM|XRECHNUNG)_/i;
/**
 * Specification examples under other names: FeRD's "zugferd_2p1_…" files, FNFE's Factur-X
 * examples ("Facture_FR_…", "Avoir_FR_type381_…", "Facture_F20220023-LE_FOURNISSEUR-POUR-LE_CLIENT_…",
 * "Facture_UC1_…"), Order-X examples. Libraries copy them into their tests; they are skipped like
 * FERD_EXAMPLE (the reserved set holds them).
 */
const SPEC_EXAMPLE = /^(zugferd_\dp\d_|Facture_(FR|DOM|UE|UC\d)_|Avoir_FR_|ORDER-X_)|LE_FOURNISSEUR-POUR-L/i;
export const HELD_OUT_REPOS = ['horstoeko/zugferd', 'akretion/factur-x'];

/**
 * The layout family of a file: its name without the profile part, so that the BASIC, EN16931,
 * MINIMUM … renderings of one invoice ("Facture_FR_BASIC", "Facture_FR_EN16931") stay on one side.
 */
export function familyOf(path) {
  return basename(path, '.pdf').toLowerCase().replace(/[_-]?(basic[_-]?wl|basicwl|basic|en16931|minimum|extended|comfort|xrechnung|type\d{3})(?=[_-]|$)/g, '').replace(/[_-]+$/, '');
}

/** The split fixed in eval/generic-split.json; a document not listed there gets the rule's side. */
const FIXED_SPLIT = JSON.parse(readFileSync(join(dirname(new URL(import.meta.url).pathname), '..', '..', 'eval', 'generic-split.json'), 'utf8')).documents;

export function splitOf(repo, path) {
  if (FIXED_SPLIT[`${repo}:${path}`]) return FIXED_SPLIT[`${repo}:${path}`];
  return HELD_OUT_REPOS.includes(repo) || '0123'.includes(sha256(`${repo}:${familyOf(path)}`)[0]) ? 'held-out' : 'tuned';
}

function mirror(repo) {
  const local = join(MIRRORS, repo.replace('/', '+'), 'repo');
  if (existsSync(local)) return local;
  const dir = join(OUT, 'mirrors', repo.replace('/', '+'));
  if (!existsSync(dir)) execFileSync('git', ['clone', '--quiet', '--mirror', `https://github.com/${repo}.git`, dir], { stdio: 'inherit' });
  return dir;
}

const git = (dir, ...args) => execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1 << 28 });
const sha256 = (b) => createHash('sha256').update(b).digest('hex');

/** The invoice XML embedded in a PDF (by root element), 'ferd-example', or null. */
function embeddedInvoiceXml(pdfPath) {
  const tmp = mkdtempSync(join(tmpdir(), 'corpus-detach-'));
  try {
    execFileSync('pdfdetach', ['-saveall', '-o', tmp, pdfPath], { stdio: 'ignore' });
    for (const f of readdirSync(tmp)) {
      const b = readFileSync(join(tmp, f));
      const text = b.subarray(0, 200000).toString('utf8');
      // The FeRD 2.x specification examples are also in the reserved set: never used.
      if (/ZUGFeRD Datenformat Version 2|Factur-X Version 1\.0/i.test(text)) return 'ferd-example';
      const head = text.replace(/<!--[\s\S]*?-->/g, '').slice(0, 2000);
      if (/<([\w-]+:)?(CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote)[\s>]/.test(head) && !/<!DOCTYPE/i.test(head)) return b;
    }
    return null;
  } catch {
    return null;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The seller's name in an invoice XML (CII or UBL), squashed; '' when none. */
/** A seller's name as compared across documents: lower case, letters and digits only. */
const sellerKey = (name) => String(name ?? '').toLowerCase().replace(/&amp;/g, '&').replace(/[^\p{L}\p{N}]+/gu, '');

function sellerOf(xml) {
  const text = xml.toString('utf8');
  const m = /SellerTradeParty>[\s\S]*?<(?:\w+:)?Name>([^<]*)</.exec(text) ?? /AccountingSupplierParty>[\s\S]*?<(?:\w+:)?(?:RegistrationName|Name)>([^<]*)</.exec(text);
  return sellerKey(m?.[1]);
}

/**
 * The degraded scanned variant of a document when its sha256 picks it (second hex digit 0–5):
 * its page count, 0 when not picked or when scanning failed (noted in `skipped`).
 */
function scanVariant(pdfPath, id, sha, where, skipped) {
  if (!'012345'.includes(sha[1])) return 0;
  try {
    return scan(pdfPath, join(OUT, 'scans', id));
  } catch (e) {
    skipped.push(`${where} (scan failed: ${e.message})`);
    return 0;
  }
}

/**
 * A tuned-only document must not bring a held-out layout into the tuned set: none whose family
 * or seller is that of a held-out document (a seller prints its invoices in one layout).
 */
function heldOutLeak(family, seller, manifest) {
  const held = manifest.filter((d) => d.split === 'held-out');
  if (held.some((d) => d.family === family)) return 'family of a held-out document';
  if (seller && held.some((d) => sellerOf(readFileSync(join(OUT, d.xml))) === seller)) return 'seller of a held-out document';
  return false;
}

/**
 * A tuned-only document's own truth (a source that is not a hybrid): its JSON, format, layout family,
 * seller and whether the PDF is itself a scan, or `skip` with the reason it is left out.
 * `truthFile`: one ground-truth.json per case folder (./ground-truth-json.js); `truthList`: one JSON
 * list for all PDFs of the source, found by file name (./invoice-list-json.js); `truthData`: the data
 * file a program made the PDF from, beside it (./template-data.js, stored already mapped).
 */
const truthLists = new Map();
function ownTruth(src, dir, commit, path) {
  const readJson = (file) => {
    try {
      return JSON.parse(git(dir, 'show', `${commit}:${file}`).toString('utf8'));
    } catch {
      return null;
    }
  };
  if (src.truthData) {
    let text;
    // One data file, or a list of them (a program whose data spans several files): the adapter gets their texts in order.
    const file = typeof src.truthData.file === 'function' ? src.truthData.file(path) : `${dirname(path) === '.' ? '' : `${dirname(path)}/`}${src.truthData.file}`;
    try {
      // `truthData.commit`: the data file's commit when the page sits on another one (an orphan demo commit).
      const texts = [file].flat().map((f) => git(dir, 'show', `${src.truthData.commit ?? commit}:${f}`).toString('utf8'));
      text = Array.isArray(file) ? texts : texts[0];
    } catch {
      return { skip: `no ${[file].flat().join(' / ')}` };
    }
    const json = templateDataTruth(src.truthData.format, text, path);
    if (!json) return { skip: `no invoice truth in ${file}` };
    // A generic file name ("invoice", "output") names no layout across programs: the family carries the
    // program's repository, so only a held-out seller, not a held-out file name, keeps a document out.
    return { json, format: 'template-data', family: `${src.repo.split('/')[1]}/${basename(path).replace(/\.(pdf|html)$/i, '')}`.toLowerCase(), seller: json.sender_name, scanned: false };
  }
  if (src.truthList) {
    const key = `${src.repo}@${commit}:${src.truthList}`;
    if (!truthLists.has(key)) truthLists.set(key, readJson(src.truthList));
    const entry = invoiceListEntry(truthLists.get(key), basename(path));
    if (!entry) return { skip: `no entry in ${src.truthList}` };
    return { json: entry, format: 'invoice-list-json', family: String(entry.layout ?? 'list').toLowerCase(), seller: entry.seller?.name, scanned: false };
  }
  const json = readJson(`${dirname(path)}/${src.truthFile}`);
  if (!usableGroundTruth(json)) return { skip: json ? `no invoice truth: ${json.meta?.content}, ${json.meta?.expectedOutcome}` : `no ${src.truthFile}` };
  return { json, format: 'ground-truth-json', family: basename(dirname(path)).toLowerCase(), seller: json.data?.seller?.name, scanned: isScannedCase(json) };
}

/** Render at 150 dpi in grey, then degrade like a cheap office scan: skew, noise, blur, JPEG. */
function scan(pdfPath, dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-l', '4', pdfPath, join(dir, 'raw')]);
  const raws = readdirSync(dir).filter((f) => f.startsWith('raw')).sort();
  raws.forEach((f, i) => {
    execFileSync('convert', ['-seed', String(1 + i), join(dir, f), '-background', 'white', '-rotate', i % 2 ? '-0.6' : '0.8', '-attenuate', '0.35', '+noise', 'Gaussian', '-blur', '0x0.6', '-quality', '55', join(dir, `p${i + 1}.jpg`)]);
    rmSync(join(dir, f));
  });
  return raws.length;
}

/**
 * A program's HTML page printed to PDF with the machine's Chromium (headless, no header or footer),
 * with the stylesheets and scripts it links (`assets`: repository folder -> folder beside the page).
 * Chromium stamps the print time as the PDF's creation and modification dates: they are set to the
 * source commit's date (same length, so the cross-reference offsets stay right). The tagged
 * structure's element ids (`nodeNNNNNNNN`, DOM node numbers of the run, also keys of the sorted ID
 * tree) still vary between runs, so a rebuild can change a few bytes but never the page or its
 * text; the document is named and picked for a scan by the HTML's hash, not the PDF's.
 */
function renderHtml(dir, commit, path, html, assets) {
  const tmp = mkdtempSync(join(tmpdir(), 'corpus-render-'));
  try {
    for (const [from, to] of Object.entries(assets ?? {})) {
      mkdirSync(join(tmp, to), { recursive: true });
      for (const f of git(dir, 'ls-tree', '--name-only', `${commit}:${from}`).toString().split('\n').filter(Boolean)) writeFileSync(join(tmp, to, f), git(dir, 'show', `${commit}:${from}/${f}`));
    }
    writeFileSync(join(tmp, 'page.html'), html);
    const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
    execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--print-to-pdf=${join(tmp, 'page.pdf')}`, join(tmp, 'page.html')], { stdio: 'ignore', timeout: 120000 });
    const stamp = new Date(Number(git(dir, 'show', '-s', '--format=%ct', commit)) * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
    return Buffer.from(readFileSync(join(tmp, 'page.pdf')).toString('latin1').replace(/\/(CreationDate|ModDate) \(D:\d{14}/g, `/$1 (D:${stamp}`), 'latin1');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The scanned variants are drawn by pdftoppm, and some sources are HTML printed by Chromium: a PDF that does not embed
 * its fonts (Helvetica, Arial …) is drawn with whatever the machine substitutes. With Debian's DejaVu alone the pages
 * come out wider and the OCR reads them differently, so every scanned figure moves with the machine (fonts32). The
 * URW base-35 fonts (Nimbus Sans for Helvetica and Arial) make every build draw the same pages.
 */
function substituteFontsOrExit() {
  let family = '';
  try {
    family = execFileSync('fc-match', ['-f', '%{family}', 'Helvetica']).toString();
  } catch {
    family = '(fc-match failed)';
  }
  if (family.includes('Nimbus Sans')) return;
  console.error(`corpus: Helvetica is drawn as "${family}", not the URW base-35 "Nimbus Sans": install them (Debian: apt-get install fonts-urw-base35), remove .corpus/ and build again, so that the scanned variants are the same on every machine (docs/decisions.md, fonts32).`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  substituteFontsOrExit();
  mkdirSync(join(OUT, 'docs'), { recursive: true });
  const shared = process.env.DOCDESK_SAMPLES ?? join(ROOT, '..', 'shared', 'samples');
  // Files already in the shared samples are scored there, not twice.
  const sharedHashes = new Set();
  const zf1 = join(shared, 'einvoice', 'zugferd1');
  if (existsSync(zf1)) {
    for (const f of readdirSync(zf1)) if (f.endsWith('.pdf')) sharedHashes.add(sha256(readFileSync(join(zf1, f))));
  } else {
    // Without them eight ZUGFeRD/corpus files the samples already score are added a second time (a
    // worktree beside /work/main has no ../shared): say so instead of building another corpus.
    console.warn(`corpus: WARNING no shared samples at ${zf1}: their documents are not skipped as duplicates; set DOCDESK_SAMPLES`);
  }
  const seen = new Set();
  const manifest = [];
  const skipped = [];
  // Optional sources that could not be had: the eval names them beside the figure they change.
  const absent = [];
  for (const src of SOURCES) {
    let dir;
    try {
      dir = mirror(src.repo);
    } catch (e) {
      if (!src.optional) throw e;
      rmSync(join(OUT, 'mirrors', src.repo.replace('/', '+')), { recursive: true, force: true }); // a failed clone's leftovers
      const reason = `no mirror could be had: ${String(e.message).split('\n')[0]}`;
      skipped.push(`${src.repo} (optional source: ${reason})`);
      absent.push({ repo: src.repo, round: src.round, reason });
      continue;
    }
    const commit = src.commit ?? git(dir, 'rev-parse', 'HEAD').toString().trim();
    // `unquotePaths`: list non-ASCII paths as they are (git quotes them by default, so no include pattern matches them);
    // opt-in per source, so that no earlier source gains files it never listed.
    const paths = git(dir, ...(src.unquotePaths ? ['-c', 'core.quotepath=off'] : []), 'ls-tree', '-r', '--name-only', commit).toString().split('\n').filter((p) => src.include.some((re) => re.test(p)));
    for (const path of paths) {
      if (RESERVED.some((re) => re.test(path)) || FERD_EXAMPLE.test(basename(path)) || (src.tunedOnly && SPEC_EXAMPLE.test(basename(path)))) {
        skipped.push(`${src.repo}:${path} (reserved or FeRD example)`);
        continue;
      }
      const source = git(dir, 'show', `${commit}:${path}`);
      const sha = sha256(source);
      if (seen.has(sha) || sharedHashes.has(sha)) {
        skipped.push(`${src.repo}:${path} (duplicate)`);
        continue;
      }
      seen.add(sha);
      // Tuned-only sources name documents by their whole path (one has a folder per case, each with a "facture.pdf").
      const name = src.tunedOnly ? path.replace(/\.(pdf|html)$/i, '') : basename(path, '.pdf');
      const id = `${src.repo.replace('/', '_')}__${name.replace(/[^\w.-]+/g, '_')}`.slice(0, 120) + (src.idSuffix ?? '');
      const pdfPath = join(OUT, 'docs', `${id}.pdf`);
      if (src.truthFile || src.truthList || src.truthData) {
        // A truth of the repository's own format beside the PDF, not an embedded XML.
        const own = ownTruth(src, dir, commit, path);
        if (own.skip) {
          skipped.push(`${src.repo}:${path} (${own.skip})`);
          continue;
        }
        const leak = heldOutLeak(own.family, sellerKey(own.seller), manifest);
        if (leak) {
          skipped.push(`${src.repo}:${path} (${leak})`);
          continue;
        }
        writeFileSync(pdfPath, src.renderHtml ? renderHtml(dir, commit, path, source, src.renderHtml.assets) : source);
        const truthPath = `docs/${id}.truth.json`;
        writeFileSync(join(OUT, truthPath), JSON.stringify(own.json, null, 1));
        const scanPages = own.scanned ? 0 : scanVariant(pdfPath, id, sha, `${src.repo}:${path}`, skipped);
        manifest.push({ id, repo: src.repo, commit, path, sha256: sha, family: own.family, split: 'tuned', source: `new${src.round}`, truth_format: own.format, ...(src.renderHtml ? { rendered_from: 'html' } : {}), ...(src.unscored ? { unscored: src.unscored } : {}), pdf: `docs/${id}.pdf`, truth: truthPath, ...(own.scanned ? { scanned: true } : {}), scan_pages: scanPages });
        continue;
      }
      writeFileSync(pdfPath, source);
      const xml = embeddedInvoiceXml(pdfPath);
      if (!xml || xml === 'ferd-example') {
        rmSync(pdfPath);
        skipped.push(`${src.repo}:${path} (${xml ? 'embeds a FeRD 2.x specification example' : 'no invoice XML'})`);
        continue;
      }
      const family = familyOf(path);
      const leak = src.tunedOnly && heldOutLeak(family, sellerOf(xml), manifest);
      if (leak) {
        rmSync(pdfPath);
        skipped.push(`${src.repo}:${path} (${leak})`);
        continue;
      }
      writeFileSync(join(OUT, 'docs', `${id}.xml`), xml);
      const scanPages = scanVariant(pdfPath, id, sha, `${src.repo}:${path}`, skipped);
      manifest.push({ id, repo: src.repo, commit, path, sha256: sha, family, split: src.tunedOnly ? 'tuned' : splitOf(src.repo, path), ...(src.tunedOnly ? { source: src.round ? `new${src.round}` : 'new' } : {}), ...(src.unscored ? { unscored: src.unscored } : {}), pdf: `docs/${id}.pdf`, xml: `docs/${id}.xml`, scan_pages: scanPages });
    }
  }
  writeFileSync(join(OUT, 'manifest.json'), JSON.stringify({ built: new Date().toISOString(), documents: manifest, skipped, absent }, null, 1));
  const held = manifest.filter((d) => d.split === 'held-out').length;
  console.log(`corpus: ${manifest.length} documents (${held} held out, ${manifest.length - held} tuned), ${manifest.filter((d) => d.scan_pages).length} with a scanned variant; ${skipped.length} files skipped (see manifest.json)`);
  for (const source of ['new', 'new6', 'new7', 'new8', 'new9', 'new10', 'new11', 'new12', 'new13', 'new14', 'new15', 'new16', 'new17', 'new18', 'new19', 'new20', 'new21', 'new22', 'new23', 'new24', 'new25']) {
    const added = manifest.filter((d) => d.source === source);
    console.log(`  tuned-only sources (${source}): ${added.length} documents in ${new Set(added.map((d) => `${d.repo}:${d.family}`)).size} families from ${new Set(added.map((d) => d.repo)).size} repositories, ${added.filter((d) => d.scan_pages).length} with a scanned variant`);
  }
  for (const a of absent) console.log(`  ABSENT optional source ${a.repo} (round ${a.round}): ${a.reason}; the round-${a.round} figures are measured without it`);
}
