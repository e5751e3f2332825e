// Where later workspaces plug into the document view without touching it: the energy
// invoice review (profile de.energy.supply-invoice) registers a side-panel tab for its
// fields and a page overlay for its evidence boxes.
import type { ReactNode } from 'react';
import type { TKey } from './i18n';
import type { DocumentObject } from './types';

export interface DocumentPanel {
  id: string;
  /** i18n key of the tab label. */
  labelKey: TKey;
  applies(doc: DocumentObject): boolean;
  /** focusPage: go to a page zoomed in to show evidence on it. */
  render(props: { doc: DocumentObject; page: number; goToPage: (n: number) => void; focusPage: (n: number) => void }): ReactNode;
}

export interface PageOverlay {
  id: string;
  applies(doc: DocumentObject): boolean;
  /** Drawn inside the page frame (position: relative), above the page image; coordinates in %. */
  render(props: { doc: DocumentObject; page: number }): ReactNode;
}

const panels: DocumentPanel[] = [];
const overlays: PageOverlay[] = [];

export function registerDocumentPanel(panel: DocumentPanel): void {
  if (!panels.some((p) => p.id === panel.id)) panels.push(panel);
}

export function registerPageOverlay(overlay: PageOverlay): void {
  if (!overlays.some((o) => o.id === overlay.id)) overlays.push(overlay);
}

export const documentPanels = (doc: DocumentObject) => panels.filter((p) => p.applies(doc));
export const pageOverlays = (doc: DocumentObject) => overlays.filter((o) => o.applies(doc));
