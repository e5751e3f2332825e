// The engine's answers as the renderer reads them: generated from the published OpenAPI
// documents at build time (scripts/api-types.js → src/generated/), never copied by hand.
import type { components, operations as ApiOperations } from './generated/api-v1';
import type { operations as DeskOperations } from './generated/desk-v1';

type Schemas = components['schemas'];
/** The JSON body of an operation's success response. */
type Body<Op, Status extends number = 200> = Op extends { responses: { [S in Status]: { content: { 'application/json': infer B } } } } ? B : never;

export type DocumentObject = Schemas['Document'];
export type DocumentStatus = DocumentObject['status'];
export type ProcessingMode = DocumentObject['processing_mode'];
export type Run = Schemas['ExtractionRun'];
export type Quality = NonNullable<Schemas['Quality']>;
export type StructuredQuality = NonNullable<Schemas['StructuredQuality']>;
export type Preview = Schemas['Preview'];
export type ExtractionField = Schemas['ExtractionField'];
export type ApiError = Schemas['Error'];
export type DocumentBody = Body<ApiOperations['getDocument']>;
export type PreviewsBody = Body<ApiOperations['listDocumentPreviews']>;
export type SectorExtraction = Schemas['SectorExtraction'];
export type ProfileEvidence = Schemas['ProfileEvidence'];
export type EnergyPayload = Schemas['ProfilePayload_de_energy_supply_invoice'];
export type EnergyInvoice = EnergyPayload['invoices'][number];
export type ExtractionsBody = Body<ApiOperations['listDocumentExtractions']>;
export type ReviewBody = Body<ApiOperations['reviewDocumentExtraction'], 201>;

export type Session = Body<DeskOperations['getSession']>['data'];
export type InboxPage = Body<DeskOperations['inbox']>;
export type InboxRow = InboxPage['data'][number];
export type Progress = NonNullable<InboxRow['processing_progress']>;
export type Token = Body<DeskOperations['listTokens']>['data'][number];
export type Webhook = Body<DeskOperations['listWebhooks']>['data'][number];
export type Delivery = Body<DeskOperations['listWebhookDeliveries']>['data'][number];
export type Credits = Body<DeskOperations['getCredits']>['data'];
export type LedgerEntry = Credits['entries'][number];
export type CreatedToken = Body<DeskOperations['createToken'], 201>;
export type CreatedWebhook = Body<DeskOperations['createWebhook'], 201>;
export type WatchFolder = Body<DeskOperations['listWatchFolders']>['data'][number];

type InboxParams = NonNullable<DeskOperations['inbox']['parameters']['query']>;
/** The inbox filters as the UI holds them: '' means "any". */
export type InboxQuery = { [K in 'status' | 'processing_mode' | 'extraction_profile' | 'review_status' | 'einvoice' | 'q' | 'sort']: NonNullable<InboxParams[K]> | '' } & {
  needs_review: boolean;
};
