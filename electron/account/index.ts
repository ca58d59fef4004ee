// The account layer: one object per connected service, and the holder that swaps it whole.
// Hosts (Electron main, `serve`, the CLI) create them; see account.ts and accounts.ts.
export { openAccount, siblingCacheFile, type Account, type AccountDeps, type AccountSpec } from './account';
export { createAccounts, sameService, type Accounts, type AccountsOptions } from './accounts';
export type { Schedule } from '../runtime/sync-runtime';
