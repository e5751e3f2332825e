// First start: the default local account, its credits and the app token the desktop UI
// uses. Later starts repair a missing or revoked app token (or one missing a newer ability)
// and change nothing else.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { ABILITIES } from './accounts/abilities.js';
import { grant } from './billing/ledger.js';
import type { EngineContext } from './context.js';
import { getSetting, setSetting } from './store/settings.js';
import { createLoginCode } from './accounts/sessions.js';

const DEFAULT_ACCOUNT_NAME = 'Local workspace';
const DEFAULT_ACCOUNT_CREDITS = 1000;

export interface BootstrapResult {
  accountId: number;
  createdAccount: boolean;
  createdToken: boolean;
  appTokenFile: string;
}

export async function bootstrap(engine: EngineContext): Promise<BootstrapResult> {
  let createdAccount = false;
  let accountId = Number((await getSetting(engine.db, 'default_account_id')) ?? NaN);
  if (!Number.isInteger(accountId)) {
    // The desk UI reads a thumbnail per listed document; the highest profile keeps a
    // busy workstation clear of the per-minute read limit.
    const { account } = await engine.accounts.createAccount({ name: DEFAULT_ACCOUNT_NAME, batchLaneEligible: true, rateLimitProfile: 'enterprise' });
    await grant(engine.db, account.id, DEFAULT_ACCOUNT_CREDITS, 'initial credits of the local workspace');
    await setSetting(engine.db, 'default_account_id', String(account.id));
    accountId = account.id;
    createdAccount = true;
  }
  const existing = await readFile(engine.layout.appTokenFile, 'utf8').then((s) => s.trim(), () => '');
  const valid = existing ? await engine.accounts.authenticate(existing) : null;
  let createdToken = false;
  if (!valid || valid.accountId !== accountId) {
    const { token } = await engine.accounts.createToken({ accountId, mode: 'live', abilities: [...ABILITIES], name: 'Docdesk app' });
    await writeFile(engine.layout.appTokenFile, `${token}\n`, { mode: 0o600 });
    await chmod(engine.layout.appTokenFile, 0o600).catch(() => undefined);
    createdToken = true;
  } else if (ABILITIES.some((a) => !valid.abilities.includes(a))) {
    // Installations from before an ability existed keep their app token and gain it.
    await engine.accounts.addAbilities(valid.tokenId, [...ABILITIES]);
  }
  return { accountId, createdAccount, createdToken, appTokenFile: engine.layout.appTokenFile };
}

export async function readAppToken(engine: EngineContext): Promise<string> {
  return (await readFile(engine.layout.appTokenFile, 'utf8')).trim();
}

/** A one-time sign-in URL for a browser (the way Jupyter does it): a session of the app token. */
export async function signInUrl(engine: EngineContext, serverUrl: string): Promise<string> {
  const auth = await engine.accounts.authenticate(await readAppToken(engine));
  if (!auth) throw new Error(`the app token in ${engine.layout.appTokenFile} is missing or revoked; restart docdesk serve to repair it`);
  return `${serverUrl}/?login=${await createLoginCode(engine.db, auth.tokenId)}`;
}
