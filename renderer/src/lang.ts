// The UI languages; kept free of imports so the stores can use it at start-up.
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/** Stored choice first, then the browser's language, then English. */
export function detectLanguage(storedLang: string | null, navigatorLanguage: string): Lang {
  if (storedLang === 'en' || storedLang === 'de') return storedLang;
  return navigatorLanguage.toLowerCase().startsWith('de') ? 'de' : 'en';
}
