// The spec's three abilities, plus Docdesk's own `workspace:manage` (tokens, webhooks, credits
// in the desk; docs/desk-api.md), which the app token holds.
export const ABILITIES = ['documents:read', 'documents:write', 'extractions:review', 'workspace:manage'] as const;
export type Ability = (typeof ABILITIES)[number];

export function parseAbilities(input: string): Ability[] {
  const list = input.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((a) => !(ABILITIES as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`unknown abilities: ${unknown.join(', ')} (known: ${ABILITIES.join(', ')})`);
  if (list.length === 0) throw new Error(`at least one ability is required (known: ${ABILITIES.join(', ')})`);
  return [...new Set(list)] as Ability[];
}
