// The service's two profiles (service-main-profile.md, service-alternate-profile.md), in a module
// of their own: the contract's row files (contract-read.ts, contract-tools.ts) name a profile and
// contract.ts imports them, so the name cannot live in contract.ts without a cycle.
import { z } from 'zod';

/** The service's two profiles; everything that names one uses this type or this schema. */
export const PROFILES = ['main', 'alternate'] as const;
export type Profile = (typeof PROFILES)[number];
/** The one schema of a profile name, for every input that carries one. */
export const profileSchema = z.enum(PROFILES);
